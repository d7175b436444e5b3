#include "datastore_allocation.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "common/display_text.hpp"
#include "common/json_input.hpp"
#include "common/read_file.hpp"
#include "results/json_fields.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSpecVariable = "IOGATE_RESOURCE_SPEC_FILE";
constexpr std::uint64_t kMaxSpecBytes = 1 << 20;  // a list of directories

std::string env(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  return value != nullptr ? value : "";
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, separator);)
    if (!item.empty()) out.push_back(item);
  return out;
}

// ctest's "id:ds2,slots:1;id:ds3,slots:1": one entry per resource that lent slots.
struct Lent {
  std::string id;
  std::string slots;
};

std::vector<Lent> parse_lent(const std::string& value) {
  std::vector<Lent> out;
  for (const std::string& entry : split(value, ';')) {
    Lent lent;
    for (const std::string& field : split(entry, ',')) {
      if (field.starts_with("id:")) lent.id = field.substr(3);
      if (field.starts_with("slots:")) lent.slots = field.substr(6);
    }
    out.push_back(lent);
  }
  return out;
}

// The `datastores` resources ctest lent this process, from its CTEST_RESOURCE_GROUP_* variables;
// empty when it lent none (no spec file, or a test without our RESOURCE_GROUPS).
std::vector<Lent> lent_datastores() {
  const std::string count_text = env("CTEST_RESOURCE_GROUP_COUNT");
  if (count_text.empty()) return {};
  int count = 0;
  const auto [end, ec] =
      std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
  if (ec != std::errc() || end != count_text.data() + count_text.size() || count < 0)
    throw DatastoreError("CTEST_RESOURCE_GROUP_COUNT=" + count_text + ": expected a number");
  std::vector<Lent> out;
  for (int i = 0; i < count; ++i) {
    const std::string group = "CTEST_RESOURCE_GROUP_" + std::to_string(i);
    for (const std::string& type : split(env(group), ','))
      if (type == "datastores")
        for (Lent& lent : parse_lent(env(group + "_DATASTORES"))) out.push_back(std::move(lent));
  }
  return out;
}

nlohmann::json read_spec(const fs::path& spec) {
  try {
    return parse_json_input(read_regular_file(spec, kMaxSpecBytes, "a ctest resource spec"),
                            spec.string());
  } catch (const FileReadError& e) {
    throw DatastoreError(fmt::format("{} ({}): {}", kSpecVariable, spec.string(), e.what()));
  } catch (const JsonInputError& e) {
    throw DatastoreError(e.what());
  }
}

// The entry of `spec` that lists datastore `id`.
nlohmann::json spec_entry(const nlohmann::json& doc, const fs::path& spec, const std::string& id) {
  const nlohmann::json local = doc.is_object() ? doc.value("local", nlohmann::json()) : nullptr;
  if (!local.is_array() || local.empty() || !local[0].is_object() ||
      !local[0].contains("datastores") || !local[0]["datastores"].is_array())
    throw DatastoreError(fmt::format(
        "{}: expected a ctest resource spec with \"local\": [{{\"datastores\": [...]}}] ({} must "
        "name the file given to ctest --resource-spec-file)",
        spec.string(), kSpecVariable));
  for (const nlohmann::json& entry : local[0]["datastores"])
    if (entry.is_object() && entry.value("id", nlohmann::json()) == id) return entry;
  throw DatastoreError(fmt::format(
      "{}: ctest allocated datastore \"{}\", which its \"datastores\" do not list ({} must name "
      "the file given to ctest --resource-spec-file)",
      spec.string(), id, kSpecVariable));
}

fs::path mapped_dir(const nlohmann::json& entry, const fs::path& spec, const std::string& id) {
  const std::string where = fmt::format("{}: datastore \"{}\"", spec.string(), id);
  const auto dir = entry.value("dir", nlohmann::json());
  if (!dir.is_string() || dir.get<std::string>().empty())
    throw DatastoreError(where +
                         ": no \"dir\": expected the directory the id stands for "
                         "(scripts/datastores-spec.sh writes it)");
  // The spec may be another account's file: what it holds is described, never printed.
  if (const nlohmann::json slots = entry.value("slots", nlohmann::json()); slots != 1)
    throw DatastoreError(where +
                         ": \"slots\": expected 1 (one check at a time on a datastore), got " +
                         value_kind(&slots));
  const fs::path path = dir.get<std::string>();
  if (std::optional<std::string> why = path_control_problem(path.string()))
    throw DatastoreError(where + ": \"dir\" " + printable(path.string()) + ": " + *why);
  if (!path.is_absolute())
    throw DatastoreError(where + ": \"dir\" " + path.string() + " is not an absolute path");
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status))
    throw DatastoreError(where + ": " + path.string() + " does not exist (not mounted?)");
  if (!fs::is_directory(status))
    throw DatastoreError(where + ": " + path.string() + " is not a directory");
  return path;
}

// Two ids for one directory would let ctest run two checks on it at once.
void refuse_shared(const nlohmann::json& doc, const fs::path& spec, const std::string& id,
                   const fs::path& dir) {
  for (const nlohmann::json& entry : doc["local"][0]["datastores"]) {
    const auto other = entry.is_object() ? entry.value("dir", nlohmann::json()) : nullptr;
    if (entry.value("id", nlohmann::json()) == id || !other.is_string()) continue;
    std::error_code ec;
    if (fs::equivalent(other.get<std::string>(), dir, ec))
      throw DatastoreError(fmt::format(
          "{}: datastore \"{}\" and another entry of \"datastores\" are one directory, {}: "
          "ctest would run two checks on it at once",
          spec.string(), id, dir.string()));
  }
}

}  // namespace

std::optional<AllocatedDatastore> allocated_datastore() {
  const std::string spec = env(kSpecVariable);
  const std::vector<Lent> lent = lent_datastores();
  if (lent.empty()) {
    if (spec.empty()) return std::nullopt;
    throw DatastoreError(
        fmt::format("{} names {}, but ctest allocated no datastore to this check: run ctest with "
                    "--resource-spec-file {}, or unset {} to run on one datastore",
                    kSpecVariable, spec, spec, kSpecVariable));
  }
  if (lent.size() != 1 || lent[0].slots != "1")
    throw DatastoreError(
        fmt::format("ctest allocated {}: expected one slot of one datastore (the checks' "
                    "RESOURCE_GROUPS is datastores:1)",
                    env("CTEST_RESOURCE_GROUP_0_DATASTORES")));
  const std::string& id = lent[0].id;
  if (spec.empty())
    throw DatastoreError(fmt::format(
        "ctest allocated datastore \"{}\" to this check, but {} is not set: set it to the file "
        "given to ctest --resource-spec-file, whose \"dir\" says which directory each id is",
        id, kSpecVariable));
  const nlohmann::json doc = read_spec(spec);
  const fs::path dir = mapped_dir(spec_entry(doc, spec, id), spec, id);
  refuse_shared(doc, spec, id, dir);
  return AllocatedDatastore{id, dir, spec};
}

DatastoreFlags with_allocated_datastore(DatastoreFlags flags, const AllocatedDatastore& allocated) {
  if (flags.dir && !flags.dir->empty()) {
    std::error_code ec;
    if (!fs::equivalent(*flags.dir, allocated.dir, ec))
      throw DatastoreError(fmt::format(
          "--datastore {} and ctest's datastore \"{}\" ({}, from {}) both name this check's "
          "datastore: drop --datastore, or run ctest without --resource-spec-file",
          *flags.dir, allocated.id, allocated.dir.string(), allocated.spec_file.string()));
  }
  flags.dir = allocated.dir.string();
  return flags;
}

}  // namespace iogate
