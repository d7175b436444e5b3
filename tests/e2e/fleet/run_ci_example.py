"""Runs the fleet pipeline of fleet/ci/gitlab-ci.yml here as GitLab would: each job of the
`measure` matrix with its matrix variables, then the `fleet` job, every script line in bash -e in
one shared directory (the artifacts). Job variables come from the file, then from OVERRIDES
(NAME=VALUE, where VALUE may use {label} for the matrix job's host label). A job's exit status is
allowed when it is 0 or listed in its allow_failure:exit_codes. Prints each job's status; exits 1
at the first job that fails where GitLab would stop, else with the fleet job's status.

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


def main():
    pipeline, workdir, *overrides = sys.argv[1:]
    doc = yaml.safe_load(open(pipeline))
    base = dict(doc.get("variables", {}))
    extra = dict(o.split("=", 1) for o in overrides)

    measure = doc["measure"]
    (axes,) = measure["parallel"]["matrix"]
    (axis, labels), = axes.items()
    for label in labels:
        variables = dict(base, **{axis: label})
        variables.update({k: v.format(label=label) for k, v in extra.items()})
        status = run(f"measure: [{label}]", measure, variables, workdir)
        if not allowed(measure, status):
            return 1

    variables = dict(base)
    variables.update({k: v for k, v in extra.items() if "{label}" not in v})
    return run("fleet", doc["fleet"], variables, workdir)


if __name__ == "__main__":
    sys.exit(main())
