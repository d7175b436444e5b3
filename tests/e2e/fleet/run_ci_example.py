"""Runs the fleet pipeline of fleet/ci/gitlab-ci.yml here as GitLab would: its stages in order,
each stage's jobs in the file's order, a job with a parallel matrix once per host label with its
matrix variables, every script line in bash -e in one shared directory (the artifacts). Job
variables come from the file, then from OVERRIDES (NAME=VALUE, where VALUE may use {label} for a
matrix job's host label; such a value is left out of the jobs without a matrix). A job's exit
status is allowed when it is 0 or listed in its allow_failure:exit_codes. Prints each job's
status; exits 1 at the first job that fails where GitLab would stop, else with the last job's
status.

    run_ci_example.py PIPELINE WORKDIR [NAME=VALUE ...]
"""
import os
import subprocess
import sys

import yaml


def allowed(job, status):
    codes = (job.get("allow_failure") or {}).get("exit_codes", [])
    codes = [codes] if isinstance(codes, int) else codes
    return status == 0 or status in codes


def run(job_name, job, variables, workdir):
    env = dict(os.environ)
    env.update({k: str(v) for k, v in variables.items()})
    for line in job["script"]:
        status = subprocess.run(["bash", "-e", "-c", line], cwd=workdir, env=env).returncode
        if status != 0:
            print(f"job {job_name}: exit {status} at: {line}")
            return status
    print(f"job {job_name}: exit 0")
    return 0


def runs_of(name, job, base, extra):
    """(job name, variables) for each run of the job: one per matrix label, else one."""
    matrix = (job.get("parallel") or {}).get("matrix")
    if not matrix:
        variables = dict(base)
        variables.update({k: v for k, v in extra.items() if "{label}" not in v})
        return [(name, variables)]
    (axes,) = matrix
    (axis, labels), = axes.items()
    out = []
    for label in labels:
        variables = dict(base, **{axis: label})
        variables.update({k: v.format(label=label) for k, v in extra.items()})
        out.append((f"{name}: [{label}]", variables))
    return out


def main():
    pipeline, workdir, *overrides = sys.argv[1:]
    doc = yaml.safe_load(open(pipeline))
    base = dict(doc.get("variables", {}))
    extra = dict(o.split("=", 1) for o in overrides)
    jobs = [(n, j) for n, j in doc.items() if isinstance(j, dict) and "script" in j]
    status = 0
    for stage in doc["stages"]:
        for name, job in jobs:
            if job["stage"] != stage:
                continue
            for run_name, variables in runs_of(name, job, base, extra):
                status = run(run_name, job, variables, workdir)
                if not allowed(job, status):
                    return status if stage == doc["stages"][-1] else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
