// One aligned allocation, as direct I/O wants for its user buffers (O_DIRECT, and
// FILE_FLAG_NO_BUFFERING on Windows). The aligned operator new of C++17 is posix_memalign on
// Linux and _aligned_malloc on Windows: the one standard call both platforms have.
#pragma once

#include <cstddef>
#include <memory>
#include <new>

namespace iogate {

namespace detail {
struct AlignedFree {
  std::align_val_t alignment{alignof(std::max_align_t)};
  void operator()(std::byte* p) const { ::operator delete(p, alignment); }
};
}  // namespace detail

class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  // `alignment` a power of two and a multiple of sizeof(void*); throws std::bad_alloc.
  AlignedBuffer(std::size_t size, std::size_t alignment)
      : data_(nullptr, detail::AlignedFree{std::align_val_t{alignment}}), size_(size) {
    if (size == 0) return;
    data_.reset(static_cast<std::byte*>(::operator new (size, std::align_val_t{alignment})));
  }

  std::byte* data() const { return data_.get(); }
  std::size_t size() const { return size_; }

 private:
  std::unique_ptr<std::byte, detail::AlignedFree> data_;
  std::size_t size_ = 0;
};

}  // namespace iogate
