// read_storage_stack on Windows: asks the system the questions of WindowsStorageAnswers and leaves
// unanswered ones empty (under wine, whatever wine answers is what is recorded). The assembly into
// a StorageStack is windows_storage.cpp's, tested with answers laid out as Windows gives them.
#include "common/windows_handle.hpp"  // first: <windows.h>, which the other system headers need
//
#include <ntddscsi.h>
#include <winioctl.h>
#include <winternl.h>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "iogate/datastore/storage_stack.hpp"
#include "windows_storage.hpp"

extern "C" NTSTATUS NTAPI RtlGetVersion(PRTL_OSVERSIONINFOW info);

namespace iogate {

namespace {

using detail::UniqueHandle;

std::string narrow(const std::wstring& w) { return std::filesystem::path(w).string(); }

std::wstring volume_root(const std::filesystem::path& dir) {
  std::array<wchar_t, MAX_PATH + 1> root{};
  if (!::GetVolumePathNameW(dir.c_str(), root.data(), static_cast<DWORD>(root.size()))) return {};
  return root.data();
}

std::vector<std::byte> query_property(HANDLE device, STORAGE_PROPERTY_ID id) {
  STORAGE_PROPERTY_QUERY query{};
  query.PropertyId = id;
  query.QueryType = PropertyStandardQuery;
  std::vector<std::byte> out(1024);
  DWORD returned = 0;
  if (!::DeviceIoControl(device, IOCTL_STORAGE_QUERY_PROPERTY, &query, sizeof query, out.data(),
                         static_cast<DWORD>(out.size()), &returned, nullptr))
    return {};
  out.resize(returned);
  return out;
}

std::string registry_string(HKEY root, const std::wstring& key, const wchar_t* value) {
  std::array<wchar_t, 512> data{};
  DWORD bytes = sizeof(wchar_t) * (data.size() - 1);
  if (::RegGetValueW(root, key.c_str(), value, RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ, nullptr,
                     data.data(), &bytes) != ERROR_SUCCESS)
    return {};
  return narrow(data.data());
}

// The driver file's version resource ("1.28.3.52"), from the service's ImagePath.
std::string driver_version(const std::string& service) {
  const std::wstring key =
      L"SYSTEM\\CurrentControlSet\\Services\\" + std::filesystem::path(service).wstring();
  std::string image = registry_string(HKEY_LOCAL_MACHINE, key, L"ImagePath");
  if (image.empty()) image = "System32\\drivers\\" + service + ".sys";
  for (const char* prefix : {"\\SystemRoot\\", "\\??\\"})
    if (image.rfind(prefix, 0) == 0) image.erase(0, std::string(prefix).size());
  std::array<wchar_t, MAX_PATH + 1> windows{};
  ::GetWindowsDirectoryW(windows.data(), static_cast<DWORD>(windows.size()));
  std::filesystem::path file(image);
  if (file.is_relative()) file = std::filesystem::path(windows.data()) / file;
  DWORD ignored = 0;
  const DWORD size = ::GetFileVersionInfoSizeW(file.c_str(), &ignored);
  if (size == 0) return {};
  std::vector<std::byte> info(size);
  if (!::GetFileVersionInfoW(file.c_str(), 0, size, info.data())) return {};
  VS_FIXEDFILEINFO* fixed = nullptr;
  UINT length = 0;
  if (!::VerQueryValueW(info.data(), L"\\", reinterpret_cast<void**>(&fixed), &length) ||
      fixed == nullptr)
    return {};
  return fmt::format("{}.{}.{}.{}", HIWORD(fixed->dwFileVersionMS), LOWORD(fixed->dwFileVersionMS),
                     HIWORD(fixed->dwFileVersionLS), LOWORD(fixed->dwFileVersionLS));
}

void ask_the_volume(const std::wstring& root, detail::WindowsStorageAnswers& a) {
  std::array<wchar_t, 64> fs{};
  if (::GetVolumeInformationW(root.c_str(), nullptr, 0, nullptr, nullptr, nullptr, fs.data(),
                              static_cast<DWORD>(fs.size())))
    a.filesystem = narrow(fs.data());
  std::array<wchar_t, 64> name{};
  if (::GetVolumeNameForVolumeMountPointW(root.c_str(), name.data(),
                                          static_cast<DWORD>(name.size())))
    a.volume_name = narrow(name.data());
  DWORD sectors_per_cluster = 0, bytes_per_sector = 0, free_clusters = 0, clusters = 0;
  if (::GetDiskFreeSpaceW(root.c_str(), &sectors_per_cluster, &bytes_per_sector, &free_clusters,
                          &clusters))
    a.cluster_bytes = std::uint64_t{sectors_per_cluster} * bytes_per_sector;
}

// The volume's device ("\\.\C:", or its volume name without the trailing backslash), asked with
// no access rights: the queries below need none, and so need no administrator.
void ask_the_device(detail::WindowsStorageAnswers& a) {
  std::wstring device = std::filesystem::path(a.volume_name).wstring();
  if (device.empty() && a.volume_root.size() >= 2 && a.volume_root[1] == ':')
    device = L"\\\\.\\" + std::filesystem::path(a.volume_root.substr(0, 2)).wstring();
  if (!device.empty() && device.back() == L'\\') device.pop_back();
  if (device.empty()) return;
  const UniqueHandle h(::CreateFileW(device.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                                     OPEN_EXISTING, 0, nullptr));
  if (!h.valid()) return;
  a.device_descriptor = query_property(h.get(), StorageDeviceProperty);
  a.alignment_descriptor = query_property(h.get(), StorageAccessAlignmentProperty);
  a.write_cache_property = query_property(h.get(), StorageDeviceWriteCacheProperty);
  STORAGE_DEVICE_NUMBER number{};
  DWORD returned = 0;
  if (::DeviceIoControl(h.get(), IOCTL_STORAGE_GET_DEVICE_NUMBER, nullptr, 0, &number,
                        sizeof number, &returned, nullptr))
    a.disk_number = number.DeviceNumber;
  SCSI_ADDRESS address{};
  if (::DeviceIoControl(h.get(), IOCTL_SCSI_GET_ADDRESS, nullptr, 0, &address, sizeof address,
                        &returned, nullptr)) {
    const std::wstring port =
        L"HARDWARE\\DEVICEMAP\\Scsi\\Scsi Port " + std::to_wstring(address.PortNumber);
    a.port_driver = registry_string(HKEY_LOCAL_MACHINE, port, L"Driver");
    if (!a.port_driver.empty()) a.port_driver_version = driver_version(a.port_driver);
  }
}

std::string windows_version() {
  RTL_OSVERSIONINFOW info{};
  info.dwOSVersionInfoSize = sizeof info;
  if (::RtlGetVersion(&info) != 0) return {};
  return fmt::format("{}.{}.{}", info.dwMajorVersion, info.dwMinorVersion, info.dwBuildNumber);
}

}  // namespace

StorageStack read_storage_stack(const std::filesystem::path& dir) {
  const std::filesystem::path canonical = std::filesystem::canonical(dir);
  detail::WindowsStorageAnswers a;
  const std::wstring root = volume_root(canonical);
  a.volume_root = narrow(root);
  if (!root.empty()) ask_the_volume(root, a);
  ask_the_device(a);
  a.windows_version = windows_version();
  const std::wstring bios = L"HARDWARE\\DESCRIPTION\\System\\BIOS";
  a.system_manufacturer = registry_string(HKEY_LOCAL_MACHINE, bios, L"SystemManufacturer");
  a.system_product = registry_string(HKEY_LOCAL_MACHINE, bios, L"SystemProductName");
  return detail::describe_windows_storage(a);
}

}  // namespace iogate
