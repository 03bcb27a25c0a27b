//===- Cache.h - the compile cache of triton-compile -----------*- C++ -*-===//
//
// A directory of entries, one per cache key, each holding the artifacts of
// one compile and a manifest with the size and BLAKE3 digest of every file.
// Entries are published atomically: written into a private temporary
// directory beside them, then renamed into place, so concurrent compiles of
// the same kernel never see a torn entry (the first rename wins; the others
// drop their copy). An entry whose files do not match its manifest is
// treated as missing and removed.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DRIVER_CACHE_H
#define TRITON_DRIVER_CACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::triton::driver {

/// Hex SHA-256 of `parts`, each length-prefixed so that no two lists of
/// parts hash alike.
std::string hashParts(llvm::ArrayRef<std::string> parts);

/// The cache directory: $TRITON_CACHE_DIR, else $XDG_CACHE_HOME/triton-mlir,
/// else $HOME/.cache/triton-mlir.
std::string defaultCacheDir();

/// Writes `contents` to `path` atomically (a temporary file beside it, then
/// a rename).
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef contents);

class Cache {
public:
  explicit Cache(std::string dir) : dir(std::move(dir)) {}

  const std::string &getDir() const { return dir; }
  std::string entryDir(llvm::StringRef key) const;

  /// The directory of a complete, intact entry for `key`, or nullopt. A
  /// damaged entry is removed and reported through `damaged`.
  std::optional<std::string> lookup(llvm::StringRef key,
                                    std::string *damaged = nullptr) const;

  /// Publishes `files` (name, contents) as the entry for `key` and returns
  /// its directory. When another process published the key first, its
  /// entry is kept and returned.
  llvm::Expected<std::string>
  store(llvm::StringRef key,
        llvm::ArrayRef<std::pair<std::string, std::string>> files) const;

private:
  std::string dir;
};

} // namespace mlir::triton::driver

#endif // TRITON_DRIVER_CACHE_H
