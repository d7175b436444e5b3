# The public API: the headers a suite written by hand includes, and what they include. Only these
# are installed (the `dev` component, IogatePackage.cmake), and they are all include/ holds: every
# other header is private to the library and sits beside its sources (src/<layer>/, reports/).
#
# The entry headers are what a suite's own files include: the fixture, the builder, the matchers
# (fixtures/), the record of a check and its figures (results/), the report writers (reports/).
# IOGATE_PUBLIC_HEADERS is their closure under #include "iogate/...", no more and no less:
# tests/layers/check_public_headers.py (the unit test `public_headers`) fails naming the file and
# line of an installed header that includes one not listed, an entry header not listed, a header
# listed that no entry header reaches, a header under include/ not listed, and a suite's file
# (suites/examples/, the downstream project, docs/) that includes a header not installed. Paths
# are relative to include/; one a line.
# suites/suite_config.hpp, which the source iogate_add_suite() generates includes, is installed
# beside them (include/iogate/suites/).
set(IOGATE_PUBLIC_ENTRY_HEADERS
  iogate/fixtures/check_builder.hpp
  iogate/fixtures/check_fixture.hpp
  iogate/fixtures/matchers.hpp
  iogate/results/check_record.hpp
  iogate/results/figures.hpp
  iogate/reports/report_files.hpp
  iogate/reports/report_formats.hpp
  iogate/reports/report_writer.hpp
)
set(IOGATE_PUBLIC_HEADERS
  iogate/baseline/baseline.hpp
  iogate/checks/check.hpp
  iogate/common/key_spec.hpp
  iogate/common/name_limits.hpp
  iogate/common/output_file.hpp
  iogate/common/threshold_error.hpp
  iogate/common/units.hpp
  iogate/datastore/scratch_area.hpp
  iogate/datastore/storage_stack.hpp
  iogate/engine/cpu_affinity.hpp
  iogate/engine/engine.hpp
  iogate/engine/figure_names.hpp
  iogate/engine/file_ref.hpp
  iogate/engine/histogram.hpp
  iogate/engine/io_backend.hpp
  iogate/engine/io_priority.hpp
  iogate/engine/native_handle.hpp
  iogate/engine/random_distribution.hpp
  iogate/engine/run_result.hpp
  iogate/engine/steady_state.hpp
  iogate/engine/workload.hpp
  iogate/engine/workload_keys.hpp
  iogate/engine/workload_rules.hpp
  iogate/fixtures/check_builder.hpp
  iogate/fixtures/check_fixture.hpp
  iogate/fixtures/matchers.hpp
  iogate/fixtures/suite_context.hpp
  iogate/reports/report_files.hpp
  iogate/reports/report_formats.hpp
  iogate/reports/report_writer.hpp
  iogate/results/check_record.hpp
  iogate/results/figures.hpp
  iogate/results/iometer_table.hpp
  iogate/results/labels.hpp
  iogate/runner/check_outcome.hpp
  iogate/runner/check_runner.hpp
  iogate/runner/run_settings.hpp
  iogate/thresholds/threshold_file.hpp
  iogate/verdicts/evidence.hpp
  iogate/verdicts/statistics.hpp
  iogate/verdicts/verdict.hpp
)
