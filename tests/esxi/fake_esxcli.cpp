// A stand-in for ESXi's esxcli, for running iogate's ESXi fingerprint where there is no ESXi:
// `esxcli storage core adapter list` prints $IOGATE_FAKE_ESXCLI_DIR/storage-core-adapter-list.txt,
// the arguments joined by '-' (tests/data/esxcli/<set>/ holds such files). A command with no file
// fails as esxcli does for an unknown one: a message on stderr, exit status 1.
//
// The standard library only, and no shell, so that it links -static and runs in a sandbox that
// has neither a shell nor /dev.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  const char* dir = std::getenv("IOGATE_FAKE_ESXCLI_DIR");
  if (dir == nullptr || *dir == '\0') {
    std::cerr << "fake esxcli: IOGATE_FAKE_ESXCLI_DIR is not set\n";
    return 1;
  }
  std::string command;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    // A word that could climb out of the directory names no recorded command.
    if (word.empty() || word.find('/') != std::string::npos || word.starts_with('.')) {
      command.clear();
      break;
    }
    command += (i > 1 ? "-" : "") + word;
  }
  std::ifstream recorded;
  if (!command.empty()) recorded.open(std::string(dir) + "/" + command + ".txt", std::ios::binary);
  if (!recorded.is_open()) {  // a stream never opened is not failed, only closed
    std::cerr << "Error: Unknown command or namespace";
    for (int i = 1; i < argc; ++i) std::cerr << ' ' << argv[i];
    std::cerr << '\n';
    return 1;
  }
  // An empty recording prints nothing (streaming an empty buffer would mark std::cout failed).
  if (recorded.peek() != std::ifstream::traits_type::eof()) std::cout << recorded.rdbuf();
  std::cout.flush();
  return std::cout ? 0 : 1;
}
