# The Windows zip: `cpack --config build-windows/CPackConfig.cmake` (the `windows` workflow's last
# step) writes build-windows/packages/iogate-<version>-windows-x86_64.zip, one top folder holding
#   iogate.exe        statically linked: no DLL beside it
#   thresholds\       the shipped threshold files (quick.toml ...)
#   README.md, docs\  the front door and the manual (docs\windows.md for a Windows guest)
#   copyright         the licence terms
# Unzipped anywhere, `iogate.exe check thresholds\quick.toml --datastore D:\iogate --junit
# junit.xml` runs the quick suite (README, "On Windows").
install(TARGETS iogate RUNTIME DESTINATION . COMPONENT cli)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/thresholds/" DESTINATION thresholds COMPONENT cli
        FILES_MATCHING PATTERN "*.toml")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION . COMPONENT cli)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION docs COMPONENT cli)
install(FILES "${PROJECT_SOURCE_DIR}/cmake/debian/copyright" DESTINATION . COMPONENT cli)

set(CPACK_PACKAGE_NAME iogate)
set(CPACK_PACKAGE_VENDOR iogate)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_SYSTEM_NAME windows-x86_64)
set(CPACK_GENERATOR ZIP)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_STRIP_FILES ON)  # with the toolchain's x86_64-w64-mingw32-strip
set(CPACK_COMPONENTS_ALL cli)
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)
include(CPack)
