#!/usr/bin/python3
"""Helpers of the planted VIB test (vib_layout_planted_test.sh), standard library only.

    vib_plant.py tiny-elf OUT            a 129-byte static x86-64 ELF that exits 0
    vib_plant.py DEFECT GOOD.vib OUT.vib  a copy of GOOD.vib with one defect, everything else
                                          (sizes, checksums, file-list) kept consistent so that
                                          only that defect is there to be caught

Defects: wrong-checksum, path-outside, missing-file-list-entry, dynamic-binary (the binary
replaced by /usr/bin/true), wrong-acceptance-level, wrong-member-order, dot-dot, link-outside,
binary-not-executable, posix-tar (the payload's tar in POSIX ustar format), long-name (a file
whose name needs a GNU long-name entry), gzip-name (the gzip header naming the tar),
wrong-gunzip-sha256, missing-gunzip-sha256.
"""
import gzip
import hashlib
import io
import struct
import sys
import tarfile
import xml.etree.ElementTree as ET

from vib_layout_test import BINARY, read_ar


def tiny_elf():
    """An ELF header, one PT_LOAD and `mov eax, 60; xor edi, edi; syscall` (exit(0))."""
    base, code = 0x400000, b"\xb8\x3c\x00\x00\x00\x31\xff\x0f\x05"
    size = 64 + 56 + len(code)
    header = struct.pack("<4sBBBB8xHHIQQQIHHHHHH", b"\x7fELF", 2, 1, 1, 0, 2, 62, 1,
                         base + 120, 64, 0, 0, 64, 56, 1, 64, 0, 0)
    load = struct.pack("<IIQQQQQQ", 1, 5, 0, base, base, size, size, 0x1000)
    return header + load + code


def write_ar(members):
    out = bytearray(b"!<arch>\n")
    for name, data in members:
        out += f"{name + '/':<16}{0:<12}{0:<6}{0:<6}{'644':<8}{len(data):<10}`\n".encode()
        out += data + (b"\n" if len(data) % 2 else b"")
    return bytes(out)


def plant(defect, good):
    members = [(member[0], member[5]) for member in read_ar(good)]
    vib = ET.fromstring(dict(members)["descriptor.xml"])
    payload = vib.find("payloads/payload")
    name = payload.get("name")
    source = tarfile.open(fileobj=io.BytesIO(gzip.decompress(dict(members)[name])))
    entries = [(info, source.extractfile(info).read() if info.isfile() else b"")
               for info in source.getmembers()]
    file_list = vib.find("file-list")

    def add(entry_name, data=b"", link=None):
        info = tarfile.TarInfo(entry_name)
        info.size, info.mode = len(data), 0o644
        if link is not None:
            info.type, info.linkname, info.mode = tarfile.SYMTYPE, link, 0o777
        entries.append((info, data))
        ET.SubElement(file_list, "file").text = entry_name

    def entry(entry_name):
        return next(pair for pair in entries if pair[0].name == entry_name)

    if defect == "path-outside":
        add("etc/iogate.conf", b"planted\n")
    elif defect == "dot-dot":
        add("opt/iogate/../../etc/iogate.conf", b"planted\n")
    elif defect == "link-outside":
        add("opt/iogate/shadow", link="../../etc/shadow")
    elif defect == "missing-file-list-entry":
        file_list.remove(next(f for f in file_list if f.text != BINARY))
    elif defect == "dynamic-binary":
        info, _ = entry(BINARY)
        with open("/usr/bin/true", "rb") as file:
            data = file.read()
        info.size = len(data)
        entries[entries.index(entry(BINARY))] = (info, data)
    elif defect == "binary-not-executable":
        entry(BINARY)[0].mode = 0o644
    elif defect == "wrong-acceptance-level":
        vib.find("acceptance-level").text = "partner"
    elif defect == "long-name":
        add("opt/iogate/share/doc/iogate/" + "n" * 80 + ".md", b"planted\n")
    elif defect not in ("wrong-checksum", "wrong-member-order", "posix-tar", "gzip-name",
                        "wrong-gunzip-sha256", "missing-gunzip-sha256"):
        raise SystemExit(f"vib_plant: no defect {defect!r}")

    tar = io.BytesIO()
    # GNU tar's format, as make_vib.cmake writes it; Python writes the same magic for it.
    form = tarfile.USTAR_FORMAT if defect == "posix-tar" else tarfile.GNU_FORMAT
    with tarfile.open(fileobj=tar, mode="w", format=form) as out:
        for info, data in entries:
            out.addfile(info, io.BytesIO(data) if info.isfile() else None)
    if defect == "gzip-name":
        named = io.BytesIO()
        with gzip.GzipFile(filename="payload.tar", mode="wb", fileobj=named, mtime=0) as out:
            out.write(tar.getvalue())
        stored = named.getvalue()
    else:
        stored = gzip.compress(tar.getvalue(), mtime=0)
    payload.set("size", str(len(stored)))
    for checksum in payload.findall("checksum"):
        algorithm = hashlib.new(checksum.get("checksum-type").replace("-", ""))
        algorithm.update(tar.getvalue() if checksum.get("verify-process") else stored)
        checksum.text = algorithm.hexdigest()
    gunzipped_sha256 = next(c for c in payload.findall("checksum")
                            if c.get("checksum-type") == "sha-256" and c.get("verify-process"))
    if defect in ("wrong-checksum", "wrong-gunzip-sha256"):
        changed = payload.find("checksum") if defect == "wrong-checksum" else gunzipped_sha256
        changed.text = ("0" if changed.text[0] != "0" else "1") + changed.text[1:]
    elif defect == "missing-gunzip-sha256":
        payload.remove(gunzipped_sha256)
    members = [("descriptor.xml", ET.tostring(vib)), ("sig.pkcs7", b""), (name, stored)]
    if defect == "wrong-member-order":
        members[0], members[1] = members[1], members[0]
    return write_ar(members)


def main(argv):
    if len(argv) == 3 and argv[1] == "tiny-elf":
        with open(argv[2], "wb") as file:
            file.write(tiny_elf())
        return 0
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[2], "rb") as file:
        good = file.read()
    with open(argv[3], "wb") as file:
        file.write(plant(argv[1], good))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
