#!/bin/sh
# Recreates the captured sysfs trees the storage-stack tests read (run from anywhere; the trees are
# committed, this script documents and regenerates them). Each tree keeps only what
# read_storage_stack looks at, with the same relative symlinks a real /sys has:
#   virtio/  vda (254:0)        virtio_blk, mq-deadline, rotational 1, 512-byte blocks
#   sata/    sda1 (8:1) on sda  sd, bfq, rotational 1, 4096-byte blocks
#   loop/    loop3 (7:3)        no device link (a virtual disk), none, rotational 0
#   nvme/    nvme0n1 (259:0)    `device` is the controller nvme0; its PCI function has nvme
#   vmware/  sdb (8:16)         a VMware guest's disk on the LSI Logic adapter (mptspi 4.28.00.00),
#                               vendor VMware, model "Virtual disk", rev 2.0, DMI VMware, Inc.
# The fingerprint files (vendor/model/rev, firmware_rev, queue_depth, nr_requests,
# physical_block_size, write_cache, module/<m>/version or srcversion, class/dmi/id) are in sata,
# nvme and vmware; virtio and loop keep the minimal set, as a guest without them would.
# Driver links point at bus/*/drivers/* directories that are not captured: only the link's last
# component is read. `mountinfo` next to the trees mounts them, one with an escaped space.
set -eu
cd "$(dirname "$0")"
rm -rf virtio sata loop nvme vmware

# disk <tree> <device dir under devices/> <major:minor> <scheduler line> <rotational> <block size>
disk() {
  tree=$1 dir=$2 devno=$3
  mkdir -p "$tree/devices/$dir/queue" "$tree/dev/block" "$tree/block"
  echo "$devno" > "$tree/devices/$dir/dev"
  echo "$4" > "$tree/devices/$dir/queue/scheduler"
  echo "$5" > "$tree/devices/$dir/queue/rotational"
  echo "$6" > "$tree/devices/$dir/queue/logical_block_size"
  ln -s "../devices/$dir" "$tree/block/$(basename "$dir")"
}

disk virtio pci0000:00/0000:00:02.0/virtio1/block/vda 254:0 "none [mq-deadline] kyber bfq" 1 512
ln -s ../../devices/pci0000:00/0000:00:02.0/virtio1/block/vda virtio/dev/block/254:0
ln -s ../../../virtio1 virtio/devices/pci0000:00/0000:00:02.0/virtio1/block/vda/device
ln -s ../../../../bus/virtio/drivers/virtio_blk virtio/devices/pci0000:00/0000:00:02.0/virtio1/driver

scsi=pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0
disk sata $scsi/block/sda 8:0 "mq-deadline kyber [bfq] none" 1 4096
mkdir -p sata/devices/$scsi/block/sda/sda1
echo 8:1 > sata/devices/$scsi/block/sda/sda1/dev
echo 1 > sata/devices/$scsi/block/sda/sda1/partition
ln -s ../../devices/$scsi/block/sda sata/dev/block/8:0
ln -s ../../devices/$scsi/block/sda/sda1 sata/dev/block/8:1
ln -s ../../../0:0:0:0 sata/devices/$scsi/block/sda/device
ln -s ../../../../../../../bus/scsi/drivers/sd sata/devices/$scsi/driver
echo ATA > sata/devices/$scsi/vendor
echo "WDC WD40EFRX-68N" > sata/devices/$scsi/model
echo 0A82 > sata/devices/$scsi/rev
echo 32 > sata/devices/$scsi/queue_depth
echo 64 > sata/devices/$scsi/block/sda/queue/nr_requests
echo 4096 > sata/devices/$scsi/block/sda/queue/physical_block_size
echo "write back" > sata/devices/$scsi/block/sda/queue/write_cache
ln -s ../../../bus/pci/drivers/ahci sata/devices/pci0000:00/0000:00:1f.2/driver
mkdir -p sata/module/ahci
echo 3.0 > sata/module/ahci/version

disk loop virtual/block/loop3 7:3 "[none] mq-deadline kyber bfq" 0 512
ln -s ../../devices/virtual/block/loop3 loop/dev/block/7:3

nvme=pci0000:00/0000:00:04.0
disk nvme $nvme/nvme/nvme0/nvme0n1 259:0 "[none] mq-deadline kyber bfq" 0 512
ln -s ../../devices/$nvme/nvme/nvme0/nvme0n1 nvme/dev/block/259:0
ln -s ../../nvme0 nvme/devices/$nvme/nvme/nvme0/nvme0n1/device
ln -s ../../../0000:00:04.0 nvme/devices/$nvme/nvme/nvme0/device
ln -s ../../../bus/pci/drivers/nvme nvme/devices/$nvme/driver
echo "Samsung SSD 980 PRO 1TB" > nvme/devices/$nvme/nvme/nvme0/model
echo 5B2QGXA7 > nvme/devices/$nvme/nvme/nvme0/firmware_rev
echo 1023 > nvme/devices/$nvme/nvme/nvme0/nvme0n1/queue/nr_requests
echo 512 > nvme/devices/$nvme/nvme/nvme0/nvme0n1/queue/physical_block_size
echo "write through" > nvme/devices/$nvme/nvme/nvme0/nvme0n1/queue/write_cache
mkdir -p nvme/module/nvme
echo 1B0CE1F2D4C1A3A9E5C1B2B > nvme/module/nvme/srcversion

# A VMware guest: LSI Logic parallel SCSI (mptspi) at PCI 0000:00:10.0, disk sdb.
spi=pci0000:00/0000:00:10.0/host2/target2:0:1/2:0:1:0
disk vmware $spi/block/sdb 8:16 "[mq-deadline] none" 1 512
ln -s ../../devices/$spi/block/sdb vmware/dev/block/8:16
ln -s ../../../2:0:1:0 vmware/devices/$spi/block/sdb/device
ln -s ../../../../../../bus/scsi/drivers/sd vmware/devices/$spi/driver
ln -s ../../../bus/pci/drivers/mptspi vmware/devices/pci0000:00/0000:00:10.0/driver
echo VMware > vmware/devices/$spi/vendor
echo "Virtual disk" > vmware/devices/$spi/model
echo 2.0 > vmware/devices/$spi/rev
echo 32 > vmware/devices/$spi/queue_depth
echo 128 > vmware/devices/$spi/block/sdb/queue/nr_requests
echo 512 > vmware/devices/$spi/block/sdb/queue/physical_block_size
echo "write through" > vmware/devices/$spi/block/sdb/queue/write_cache
mkdir -p vmware/module/mptspi vmware/class/dmi/id
echo 4.28.00.00 > vmware/module/mptspi/version
echo "VMware, Inc." > vmware/class/dmi/id/sys_vendor
echo "VMware Virtual Platform" > vmware/class/dmi/id/product_name
