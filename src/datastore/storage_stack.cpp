#include "iogate/datastore/storage_stack.hpp"

#include <type_traits>

namespace iogate {

namespace {

template <typename Stack>
auto all_fields(Stack& s) {
  using Field = std::conditional_t<std::is_const_v<Stack>, const std::string*, std::string*>;
  return std::vector<std::pair<const char*, Field>>{
      {"mount_point", &s.mount_point},
      {"filesystem", &s.filesystem},
      {"mount_options", &s.mount_options},
      {"mount_source", &s.mount_source},
      {"device", &s.device},
      {"partition", &s.partition},
      {"driver", &s.driver},
      {"scheduler", &s.scheduler},
      {"rotational", &s.rotational},
      {"logical_block_size", &s.logical_block_size},
      {"kernel", &s.kernel},
      {"vendor", &s.vendor},
      {"model", &s.model},
      {"firmware", &s.firmware},
      {"host_driver", &s.host_driver},
      {"host_driver_version", &s.host_driver_version},
      {"nr_requests", &s.nr_requests},
      {"queue_depth", &s.queue_depth},
      {"physical_block_size", &s.physical_block_size},
      {"write_cache", &s.write_cache},
      {"hypervisor", &s.hypervisor},
      {"bus_type", &s.bus_type},
      {"cluster_size", &s.cluster_size},
  };
}

}  // namespace

bool StorageStack::set_field(const std::string& key, std::string value) {
  for (const auto& [name, field] : all_fields(*this)) {
    if (key == name) {
      *field = std::move(value);
      return true;
    }
  }
  return false;
}

std::vector<std::string> diff_storage_stacks(const StorageStack& before,
                                             const StorageStack& after) {
  const auto a = all_fields(before), b = all_fields(after);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string key = a[i].first;
    // A field the baseline could not read (or an older iogate did not record) is no change.
    if (key == "mount_point" || key == "partition" || a[i].second->empty() ||
        *a[i].second == *b[i].second)
      continue;
    auto shown = [](const std::string& v) { return v.empty() ? std::string("(unknown)") : v; };
    out.push_back(key + " " + shown(*a[i].second) + " \u2192 " + shown(*b[i].second));
  }
  return out;
}

std::vector<std::string> StorageStack::field_names() {
  const StorageStack none;
  std::vector<std::string> out;
  for (const auto& field : all_fields(none)) out.emplace_back(field.first);
  return out;
}

std::vector<std::pair<std::string, std::string>> StorageStack::fields() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : all_fields(*this)) {
    if (!value->empty()) out.emplace_back(key, *value);
  }
  return out;
}

}  // namespace iogate
