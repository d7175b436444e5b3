// One job section being mapped, and the helpers every part of the mapping uses (job_mapper.hpp).
#include "job_mapper.hpp"

#include "import/notes.hpp"
#include "option_catalogue.hpp"

namespace iogate::fio_job::detail {

void refuse(const FioOption& o, const std::string& why) {
  import_core::refuse(o.where, shown_name(o), shown_message(o, why));
}

std::string value_of(const FioOption& o) {
  if (!o.value || o.value->empty()) refuse(o, "expected a value (name=value)");
  return *o.value;
}

PerDirection per_direction(const std::string& text) {
  std::size_t cut = text.find(',');
  if (cut != std::string::npos && cut + 1 == text.size()) return {text.substr(0, cut), ""};
  if (cut == std::string::npos) cut = text.find(':');
  if (cut == std::string::npos && text.size() > 1) cut = text.find('-', 1);
  if (cut == std::string::npos || cut + 1 == text.size())
    return {text.substr(0, cut), text.substr(0, cut)};
  std::string write = text.substr(cut + 1);
  if (const std::size_t more = write.find_first_of(",:"); more != std::string::npos)
    write = write.substr(0, more);  // the trim value, if any
  return {text.substr(0, cut), write};
}

JobMapper::JobMapper(const FioJobOptions& job, const std::vector<std::string>& names)
    : job_(job), names_(names) {
  out.section = job.section->name;
  out.where = job.section->where;
  int position = 0;
  for (const FioOption* o : job.options) {
    const std::string name = canonical_option(o->name);
    const OptionRule rule = option_rule(name);
    switch (rule.treatment) {
      case Treatment::mapped:
        last_[name] = o;
        order_[name] = position++;
        break;
      case Treatment::noted:
        note(*o, rule.why);
        break;
      case Treatment::refused:
        refuse(*o, rule.why);
    }
  }
  if (const FioOption* o = last("kb_base")) {
    const std::uint64_t base = parsed(*o, [&] { return fio_int(value_of(*o)); });
    if (base != 1000 && base != 1024) refuse(*o, "expected 1000 or 1024");
    kb_base = static_cast<unsigned>(base);
    note(*o, "honoured: sizes read with this base");
  }
}

const FioOption* JobMapper::last(const std::string& name) const {
  const auto it = last_.find(name);
  return it == last_.end() ? nullptr : it->second;
}

bool JobMapper::later(const std::string& a, const std::string& b) const {
  const auto position = [&](const std::string& name) {
    const auto it = order_.find(name);
    return it == order_.end() ? 0 : it->second;
  };
  return position(a) > position(b);
}

void JobMapper::source(const std::string& key, const FioOption* o) {
  if (o != nullptr) out.sources[key].push_back(*o);
}

void JobMapper::note(const FioOption& o, const std::string& why) {
  out.notes.push_back(import_core::note_text(import_core::place_text(o.where), shown_text(o),
                                             shown_message(o, why)));
}

void JobMapper::note_on_section(const std::string& why) {
  out.notes.push_back(
      import_core::note_text(import_core::place_text(out.where), "[" + out.section + "]", why));
}

}  // namespace iogate::fio_job::detail
