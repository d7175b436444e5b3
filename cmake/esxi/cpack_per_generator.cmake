# CPACK_PROJECT_CONFIG_FILE of the static build (IogateEsxiPackage.cmake), read by cpack once per
# generator: the VIB's files are staged under the prefix they have on the host (opt/iogate/...,
# as its payload must name them), the tarball's relative to its top folder.
if(CPACK_GENERATOR STREQUAL "External")
  set(CPACK_PACKAGING_INSTALL_PREFIX "${CPACK_IOGATE_ESXI_PREFIX}")
endif()
