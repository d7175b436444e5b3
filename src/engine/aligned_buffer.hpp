// One aligned allocation (posix_memalign), as O_DIRECT wants for its user buffers.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>

namespace iogate {

class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  // `alignment` a power of two and a multiple of sizeof(void*); throws std::bad_alloc.
  AlignedBuffer(std::size_t size, std::size_t alignment) : size_(size) {
    if (size == 0) return;
    void* p = nullptr;
    if (posix_memalign(&p, alignment, size) != 0) throw std::bad_alloc();
    data_.reset(static_cast<std::byte*>(p));
  }

  std::byte* data() const { return data_.get(); }
  std::size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(std::byte* p) const { std::free(p); }
  };
  std::unique_ptr<std::byte, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace iogate
