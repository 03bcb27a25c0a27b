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

#include <cstdint>
#include <memory>
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

/// Files written now and put in place later, each atomically: add() writes
/// a file beside its destination under a temporary name, commit() renames
/// them all into place. Files not committed are removed with the object.
class StagedFiles {
public:
  StagedFiles() = default;
  StagedFiles(const StagedFiles &) = delete;
  StagedFiles &operator=(const StagedFiles &) = delete;
  ~StagedFiles();

  /// Writes `contents` for `path` under a temporary name.
  llvm::Error add(llvm::StringRef path, llvm::StringRef contents);

  /// Renames the files added into place, in the order they were added.
  llvm::Error commit();

private:
  std::vector<std::pair<std::string, std::string>> pending; // temp, path
};

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

  /// An entry being written: files go into a private directory as they
  /// come, and publish() puts the entry in place as store() does. An entry
  /// not published is removed with the object.
  class EntryWriter {
  public:
    EntryWriter(const EntryWriter &) = delete;
    EntryWriter &operator=(const EntryWriter &) = delete;
    ~EntryWriter();

    /// Writes the file `name` of the entry.
    llvm::Error add(llvm::StringRef name, llvm::StringRef contents);

    /// Writes the manifest and publishes the entry; returns its directory.
    llvm::Expected<std::string> publish();

  private:
    friend class Cache;
    EntryWriter() = default;
    /// The path of the entry's file `name` while it is being written.
    std::string pathOf(llvm::StringRef name) const;
    /// Takes the files written so far off the list of files removed on a
    /// signal (sys::DontRemoveFileOnSignal).
    void dontRemoveFilesOnSignal() const;

    struct File {
      std::string name, blake3;
      uint64_t size;
    };
    std::string key, entry, temp;
    std::vector<File> files; // written so far, for the manifest
  };

  /// Starts the entry for `key`.
  llvm::Expected<std::unique_ptr<EntryWriter>>
  beginEntry(llvm::StringRef key) const;

private:
  std::string dir;
};

} // namespace mlir::triton::driver

#endif // TRITON_DRIVER_CACHE_H
