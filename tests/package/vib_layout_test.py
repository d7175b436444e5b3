#!/usr/bin/python3
"""Checks a VIB against the VIB format as ESXi reads it, with the standard library only.

    vib_layout_test.py IOGATE.vib

A VIB is a Unix ar archive (GNU ar's layout: "!<arch>\\n", 60-byte headers, names ending in "/",
members aligned on two bytes) of descriptor.xml, sig.pkcs7 and then the payloads the descriptor
names, in its order. Each payload is a gzipped tar installed at the host's /, whose size and three
checksums the descriptor carries: the sha-256 of the payload as stored, and the sha-256 (required
by ESXi 8) and sha-1 of the tar inside (verify-process="gunzip").

The payload as the VIBs known to install on ESXi 8 have it (ghettoVCB's and letsencrypt-esxi's
builds, a plain `tar czf`): one gzip member, deflated, and a tar in GNU tar's format, every header
with the magic "ustar  \0" at byte 257 (not POSIX's "ustar\0" "00") and none a long-name or pax
extension entry.

Beyond the format, what iogate's VIB promises (cmake/esxi/make_vib.cmake): a community-supported,
unsigned bootbank VIB installed live; every file under opt/iogate/ (the only ancestors stored being
opt/ and opt/iogate/ themselves) owned by root, 0644 or 0755; the file-list naming exactly the
payload's files; opt/iogate/bin/iogate an x86-64 ELF, executable and static (no PT_INTERP program
header: the ESXi shell has no glibc loader); nothing that escapes opt/iogate (no "..", no absolute
name, no link pointing outside); and a deterministic archive (mtime, uid and gid 0, mode 644; a
gzip header with no name and no time, as gzip -n writes it).

Prints one line per problem and exits 1, or one line saying what it checked and exits 0.
"""
import hashlib
import io
import posixpath
import re
import struct
import sys
import tarfile
import xml.etree.ElementTree as ET
import zlib

PREFIX = "opt/iogate/"
BINARY = "opt/iogate/bin/iogate"
AR_MAGIC = b"!<arch>\n"
AR_HEADER = 60
TAR_HEADER = 512
GNU_MAGIC = b"ustar  \0"    # bytes 257-264 of a header GNU tar writes in its default format
POSIX_MAGIC = b"ustar\x0000"  # the same bytes in POSIX ustar and pax ("ustar\0", version "00")
# Header types that are not entries but describe the next one: GNU long names and link names,
# pax extended headers (per file and global).
EXTENSION_TYPES = {b"L": "a GNU long-name entry (././@LongLink)",
                   b"K": "a GNU long-link entry (././@LongLink)",
                   b"x": "a pax extended header", b"g": "a pax global header"}
# The gzip header's flags (RFC 1952) other than FTEXT: gzip -n sets none of them.
GZIP_FLAGS = {0x02: "a header checksum", 0x04: "an extra field", 0x08: "a file name",
              0x10: "a comment"}


class Broken(Exception):
    """A problem after which nothing further can be checked."""


def read_ar(data):
    """The members of an ar archive: a list of (name, mtime, uid, gid, mode, bytes)."""
    if not data.startswith(AR_MAGIC):
        raise Broken(f"not an ar archive: it starts with {data[:8]!r}, not {AR_MAGIC!r}")
    members, offset = [], len(AR_MAGIC)
    while offset < len(data):
        header = data[offset:offset + AR_HEADER]
        if len(header) < AR_HEADER:
            raise Broken(f"ar header at byte {offset} is cut short ({len(header)} of 60 bytes)")
        name, mtime, uid, gid, mode, size, fmag = struct.unpack("16s12s6s6s8s10s2s", header)
        if fmag != b"`\n":
            raise Broken(f"ar header at byte {offset} does not end in '`\\n' ({fmag!r})")
        name = name.decode("ascii", "replace").rstrip(" ")
        if not name.endswith("/") or name in ("/", "//"):
            raise Broken(f"ar member name {name!r} at byte {offset} is not a GNU name ending "
                         "in '/'")
        try:
            fields = [int(mtime), int(uid), int(gid), int(mode, 8), int(size)]
        except ValueError:
            raise Broken(f"ar header of {name} has a field that is not a number: {header!r}")
        size = fields[-1]
        start = offset + AR_HEADER
        if start + size > len(data):
            raise Broken(f"ar member {name} claims {size} bytes; the file ends before them")
        members.append((name[:-1], *fields[:4], data[start:start + size]))
        offset = start + size
        if size % 2:
            if data[offset:offset + 1] != b"\n":
                raise Broken(f"ar member {name} has an odd size and no '\\n' padding after it")
            offset += 1
    return members


def elf_interpreter(data):
    """None for a static x86-64 ELF, the interpreter's path for a dynamic one; raises otherwise."""
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    if data[4] != 2 or data[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF")
    e_type, e_machine = struct.unpack_from("<HH", data, 16)
    if e_machine != 62:
        raise ValueError(f"machine {e_machine}, not x86-64 (62)")
    if e_type not in (2, 3):
        raise ValueError(f"ELF type {e_type}, not an executable (2) or a position-independent "
                         "one (3)")
    e_phoff, = struct.unpack_from("<Q", data, 32)
    e_phentsize, e_phnum = struct.unpack_from("<HH", data, 54)
    for index in range(e_phnum):
        at = e_phoff + index * e_phentsize
        if at + 56 > len(data):
            raise ValueError("program headers past the end of the file")
        p_type, _, p_offset, _, _, p_filesz = struct.unpack_from("<IIQQQQ", data, at)
        if p_type == 3:  # PT_INTERP: the kernel hands the program to this loader
            return data[p_offset:p_offset + p_filesz].rstrip(b"\0").decode("ascii", "replace")
    return None


class Checker:
    def __init__(self):
        self.problems = []

    def problem(self, text):
        self.problems.append(text)

    def check(self, data):
        members = read_ar(data)
        for name, mtime, uid, gid, mode, _ in members:
            if (mtime, uid, gid, mode) != (0, 0, 0, 0o644):
                self.problem(f"ar member {name} has mtime {mtime}, uid {uid}, gid {gid}, mode "
                             f"{mode:o}; a deterministic archive has 0, 0, 0, 644")
        names = [member[0] for member in members]
        contents = {member[0]: member[5] for member in members}
        if names[:2] != ["descriptor.xml", "sig.pkcs7"]:
            raise Broken(f"ar members are {names}; a VIB starts with descriptor.xml, sig.pkcs7")
        if contents["sig.pkcs7"]:
            self.problem(f"sig.pkcs7 has {len(contents['sig.pkcs7'])} bytes; an unsigned "
                         "community-supported VIB has an empty one")
        try:
            vib = ET.fromstring(contents["descriptor.xml"])
        except ET.ParseError as error:
            raise Broken(f"descriptor.xml is not well-formed XML: {error}")
        self.check_descriptor(vib)
        payloads = vib.findall("payloads/payload")
        expected = ["descriptor.xml", "sig.pkcs7"] + [p.get("name") for p in payloads]
        if names != expected:
            raise Broken(f"ar members are {names}; the descriptor's payloads make them {expected}")
        files = []
        for payload in payloads:
            files += self.check_payload(payload, contents[payload.get("name")])
        listed = [element.text or "" for element in vib.findall("file-list/file")]
        for path in sorted(set(files) - set(listed)):
            self.problem(f"{path} is in the payload but not in the descriptor's file-list")
        for path in sorted(set(listed) - set(files)):
            self.problem(f"{path} is in the descriptor's file-list but not in the payload")
        if len(set(listed)) != len(listed):
            self.problem("the descriptor's file-list names a file twice")
        return names, len(files)

    def check_descriptor(self, vib):
        if vib.tag != "vib":
            raise Broken(f"descriptor.xml's root is <{vib.tag}>, not <vib>")
        exact = {"type": "bootbank", "acceptance-level": "community",
                 "system-requires/maintenance-mode": "false", "live-install-allowed": "true",
                 "live-remove-allowed": "true", "cimom-restart": "false",
                 "stateless-ready": "true", "overlay": "false"}
        filled = ["name", "version", "vendor", "summary", "description", "release-date"]
        present = ["relationships", "file-list", "payloads/payload"]
        for path in present + filled + list(exact):
            if vib.find(path) is None:
                self.problem(f"descriptor.xml has no <{path}>")
        for path in filled:
            element = vib.find(path)
            if element is not None and not (element.text or "").strip():
                self.problem(f"descriptor.xml's <{path}> is empty")
        for path, value in exact.items():
            element = vib.find(path)
            if element is not None and (element.text or "").strip() != value:
                self.problem(f"{path} is {(element.text or '').strip()}, expected {value}")
        version = vib.findtext("version", "")
        if version and not re.fullmatch(r"[0-9][0-9A-Za-z.]*-[0-9A-Za-z.]+", version):
            self.problem(f"version {version!r} is not <version>-<release>")
        date = vib.findtext("release-date", "")
        if date and not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?",
                                     date):
            self.problem(f"release-date {date!r} is not an ISO 8601 date and time")

    def check_payload(self, payload, stored):
        """Checks one payload against its descriptor entry; returns the files it holds."""
        name = payload.get("name")
        if payload.get("type") != "tgz":
            raise Broken(f"payload {name} has type {payload.get('type')}, expected tgz")
        if payload.get("size") != str(len(stored)):
            self.problem(f"payload {name} has {len(stored)} bytes, the descriptor says "
                         f"{payload.get('size')}")
        tar = self.gunzip(name, stored)
        sums = {}
        for checksum in payload.findall("checksum"):
            key = (checksum.get("checksum-type"), checksum.get("verify-process"))
            sums[key] = (checksum.text or "").strip()
        wanted = {("sha-256", None): hashlib.sha256(stored).hexdigest(),
                  ("sha-256", "gunzip"): hashlib.sha256(tar).hexdigest(),
                  ("sha-1", "gunzip"): hashlib.sha1(tar).hexdigest()}
        for (kind, process), digest in wanted.items():
            what = f"{kind} of payload {name}" + (" gunzipped" if process else "")
            if (kind, process) not in sums:
                self.problem(f"the descriptor has no {what} (ESXi 8 verifies all three)")
            elif sums[(kind, process)] != digest:
                self.problem(f"{what} is {digest}, the descriptor says {sums[(kind, process)]}")
        try:
            archive = tarfile.open(fileobj=io.BytesIO(tar), mode="r:")
            entries = archive.getmembers()
        except tarfile.TarError as error:
            raise Broken(f"payload {name} is not a tar: {error}")
        self.check_tar_format(name, tar, entries)
        for entry in entries:
            self.check_entry(entry)
        files = [entry.name for entry in entries if not entry.isdir()]
        names = [entry.name.rstrip("/") for entry in entries]
        if BINARY not in names:
            self.problem(f"{BINARY} is not in payload {name}")
        else:
            self.check_binary(archive, entries[names.index(BINARY)])
        return files

    def gunzip(self, name, stored):
        """The tar inside one gzip member, deflated, whose header depends on nothing but the
        data (no name, no time: gzip -n)."""
        if stored[:3] != b"\x1f\x8b\x08":
            raise Broken(f"payload {name} is not a deflated gzip file: it starts with "
                         f"{stored[:3]!r}, not b'\\x1f\\x8b\\x08'")
        if len(stored) < 18:
            raise Broken(f"payload {name} has {len(stored)} bytes, fewer than a gzip header and "
                         "trailer")
        flags, = struct.unpack_from("B", stored, 3)
        mtime, = struct.unpack_from("<I", stored, 4)
        for bit, what in GZIP_FLAGS.items():
            if flags & bit:
                self.problem(f"payload {name}'s gzip header carries {what} (flag {bit:#04x}); "
                             "gzip -n writes none")
        if flags & 0xE0:
            self.problem(f"payload {name}'s gzip header sets reserved flags ({flags:#04x})")
        if mtime:
            self.problem(f"payload {name}'s gzip header holds the time {mtime}, not 0 (gzip -n)")
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            tar = inflater.decompress(stored)
        except zlib.error as error:
            raise Broken(f"payload {name} is not gzip: {error}")
        if not inflater.eof:
            raise Broken(f"payload {name} is cut short: its gzip stream does not end")
        if inflater.unused_data:
            self.problem(f"payload {name} has {len(inflater.unused_data)} bytes after its gzip "
                         "member; a payload is one member, as gzip writes it")
        return tar

    def check_tar_format(self, name, tar, entries):
        """Every header of the payload's tar in GNU tar's format, none an extension entry."""
        others = []
        for entry in entries:
            header = tar[entry.offset:entry.offset + TAR_HEADER]
            kind = header[156:157]
            if kind in EXTENSION_TYPES:
                self.problem(f"{entry.name} is stored with {EXTENSION_TYPES[kind]} before its "
                             "header; the payload's names fit the header's 100 bytes")
            if header[257:265] != GNU_MAGIC:
                others.append((entry.name, header[257:265]))
        if others:
            first, magic = others[0]
            what = "POSIX ustar" if magic == POSIX_MAGIC else "not a GNU"
            self.problem(f"payload {name} is a {what} tar: {len(others)} of {len(entries)} "
                         f"headers have the magic {magic!r} at byte 257 (the first: {first}), "
                         f"not GNU tar's {GNU_MAGIC!r}, which the VIBs known to install on "
                         "ESXi 8 carry")

    def check_entry(self, entry):
        """Checks the name, type, owner and mode of one tar entry, the name first."""
        name = entry.name
        parts = name.rstrip("/").split("/")
        if name.startswith("/") or "\\" in name:
            self.problem(f"{name} is an absolute or backslashed name")
            return
        if ".." in parts or "." in parts or "" in parts:
            self.problem(f"{name} has a '..', '.' or empty component")
            return
        inside = (name.rstrip("/") + "/").startswith(PREFIX)
        if not inside and not (entry.isdir() and name.rstrip("/") in ("opt", "opt/iogate")):
            self.problem(f"{name} is outside {PREFIX}")
            return
        if entry.issym() or entry.islnk():
            base = posixpath.dirname(name) if entry.issym() else ""
            target = posixpath.normpath(posixpath.join("/", base, entry.linkname)).lstrip("/")
            if not target.startswith(PREFIX):
                self.problem(f"{name} links to {entry.linkname}, outside /{PREFIX}")
                return
        elif not (entry.isfile() or entry.isdir()):
            self.problem(f"{name} is neither a file, a folder nor a link (tar type {entry.type!r})")
            return
        if (entry.uid, entry.gid) != (0, 0):
            self.problem(f"{name} is owned by {entry.uid}:{entry.gid}, not root (0:0)")
        allowed = (0o755,) if entry.isdir() else (0o644, 0o755)
        if not entry.issym() and entry.mode not in allowed:
            self.problem(f"{name} has mode {entry.mode:04o}, expected "
                         + " or ".join(f"{mode:04o}" for mode in allowed))

    def check_binary(self, archive, entry):
        if not entry.isfile():
            self.problem(f"{BINARY} is not a regular file")
            return
        if entry.mode != 0o755:
            self.problem(f"{BINARY} has mode {entry.mode:04o}, expected 0755 (executable)")
        try:
            interpreter = elf_interpreter(archive.extractfile(entry).read())
        except ValueError as error:
            self.problem(f"{BINARY} is not an x86-64 executable: {error}")
            return
        if interpreter is not None:
            self.problem(f"{BINARY} is dynamically linked (PT_INTERP {interpreter}); the ESXi "
                         "shell needs a static binary")


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    path = argv[1]
    with open(path, "rb") as file:
        data = file.read()
    checker = Checker()
    try:
        names, files = checker.check(data)
    except Broken as error:
        checker.problem(str(error))
    for text in checker.problems:
        print(f"vib_layout: {path}: {text}")
    if checker.problems:
        count = len(checker.problems)
        print(f"vib_layout: {path}: {count} problem{'s' if count != 1 else ''}")
        return 1
    print(f"vib_layout: {path}: ar members {', '.join(names)}; {files} files under /{PREFIX}, "
          "checksums and file-list match; GNU tar in one gzip member; community level; "
          "static binary")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
