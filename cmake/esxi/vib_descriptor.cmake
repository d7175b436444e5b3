# iogate_vib_descriptor(<file> NAME .. VERSION .. VENDOR .. SUMMARY .. DESCRIPTION ..
#                       RELEASE_DATE .. PAYLOAD .. SIZE .. SHA256 .. SHA256_GUNZIPPED ..
#                       SHA1_GUNZIPPED .. FILES <path>...): the descriptor.xml of a
# community-supported VIB with one tgz payload.
#
# The elements and their order are those of the descriptors that VMware's VIB Author wrote and
# that the community builders (ghettoVCB's build script, letsencrypt-esxi) still write by hand for
# ESXi 8: a bootbank VIB, live install and removal without maintenance mode or reboot, no
# dependencies, acceptance level community (installable without a signature once the host accepts
# CommunitySupported). ESXi 8 requires, beside the sha-256 of the gzipped payload, the sha-256 of
# the tar inside it (verify-process="gunzip"); the sha-1 of the tar is what earlier releases check.
#
# So this VIB is for ESXi 8.0 and later only. ESXi 7.0 and earlier refuse it ("Calculated digest at
# EOF does not match expected result", as ghettoVCB's and letsencrypt-esxi's users reported from
# ESXi 5.5, 6.x and 7.0 for VIBs made this way): they do not know the gunzipped sha-256 and take
# the tarball instead, whose binary may run from a datastore there (execInstalledOnly is off by
# default before ESXi 8). The description says so (IogateEsxiPackage.cmake), and docs/esxi.md holds
# the table. No dependency on the ESXi version is declared, as none of those builders declares
# one: how the host would read it has not been seen, and the digest already keeps earlier
# releases out.
function(iogate_xml_escape out text)
  string(REPLACE "&" "&amp;" text "${text}")
  string(REPLACE "<" "&lt;" text "${text}")
  string(REPLACE ">" "&gt;" text "${text}")
  string(REPLACE "\"" "&quot;" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(iogate_vib_descriptor file)
  set(one NAME VERSION VENDOR SUMMARY DESCRIPTION RELEASE_DATE PAYLOAD SIZE SHA256
          SHA256_GUNZIPPED SHA1_GUNZIPPED)
  cmake_parse_arguments(PARSE_ARGV 1 vib "" "${one}" FILES)
  foreach(key IN LISTS one ITEMS FILES)
    if("${vib_${key}}" STREQUAL "")
      message(FATAL_ERROR "iogate_vib_descriptor: ${key} is empty")
    endif()
  endforeach()
  foreach(key IN ITEMS NAME VERSION VENDOR SUMMARY DESCRIPTION)
    iogate_xml_escape(vib_${key} "${vib_${key}}")
  endforeach()
  set(file_list "")
  foreach(path IN LISTS vib_FILES)
    iogate_xml_escape(path "${path}")
    string(APPEND file_list "    <file>${path}</file>\n")
  endforeach()
  file(WRITE "${file}" "\
<vib version=\"5.0\">
  <type>bootbank</type>
  <name>${vib_NAME}</name>
  <version>${vib_VERSION}</version>
  <vendor>${vib_VENDOR}</vendor>
  <summary>${vib_SUMMARY}</summary>
  <description>${vib_DESCRIPTION}</description>
  <release-date>${vib_RELEASE_DATE}</release-date>
  <urls/>
  <relationships>
    <depends/>
    <conflicts/>
    <replaces/>
    <provides/>
    <compatibleWith/>
  </relationships>
  <software-tags/>
  <system-requires>
    <maintenance-mode>false</maintenance-mode>
  </system-requires>
  <file-list>
${file_list}  </file-list>
  <acceptance-level>community</acceptance-level>
  <live-install-allowed>true</live-install-allowed>
  <live-remove-allowed>true</live-remove-allowed>
  <cimom-restart>false</cimom-restart>
  <stateless-ready>true</stateless-ready>
  <overlay>false</overlay>
  <payloads>
    <payload name=\"${vib_PAYLOAD}\" type=\"tgz\" size=\"${vib_SIZE}\">
      <checksum checksum-type=\"sha-256\">${vib_SHA256}</checksum>
      <checksum checksum-type=\"sha-256\" verify-process=\"gunzip\">${vib_SHA256_GUNZIPPED}\
</checksum>
      <checksum checksum-type=\"sha-1\" verify-process=\"gunzip\">${vib_SHA1_GUNZIPPED}</checksum>
    </payload>
  </payloads>
</vib>
")
endfunction()
