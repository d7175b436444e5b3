// What the marker asks of this machine, Windows side: its name, this process, and whether a
// process of that id still runs.
#include "common/windows_handle.hpp"
//
#include "marker.hpp"

#include <filesystem>

namespace iogate::detail {

std::string this_host() {
  wchar_t name[MAX_COMPUTERNAME_LENGTH + 256] = {};
  DWORD size = sizeof name / sizeof name[0];
  // Throwing beats a placeholder: two hosts both saying "unknown" would match each other.
  if (!::GetComputerNameExW(ComputerNameDnsHostname, name, &size))
    throw_last_error("read the computer name");
  return std::filesystem::path(std::wstring(name, size)).string();
}

ProcessId this_process() { return ::GetCurrentProcessId(); }

bool process_alive(ProcessId pid) {
  const UniqueHandle process(
      ::OpenProcess(SYNCHRONIZE | PROCESS_QUERY_LIMITED_INFORMATION, FALSE, pid));
  // No such process: ERROR_INVALID_PARAMETER. Any other refusal (access denied) means it exists.
  if (!process.valid()) return ::GetLastError() != ERROR_INVALID_PARAMETER;
  // A process that exited but whose handle somebody still holds is opened all the same.
  return ::WaitForSingleObject(process.get(), 0) == WAIT_TIMEOUT;
}

}  // namespace iogate::detail
