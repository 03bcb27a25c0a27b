//===- Cache.cpp - the compile cache of triton-compile --------------------===//

#include "Driver/Cache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

using namespace llvm;
using namespace mlir::triton::driver;

static constexpr StringLiteral kManifest = "manifest.json";

static Error fail(const Twine &message) {
  return createStringError(message.str(), inconvertibleErrorCode());
}

/// The digest of a cached file: BLAKE3, fast enough to check every file of
/// an entry on each hit.
static std::string fileDigest(StringRef data) {
  std::array<uint8_t, 32> digest = BLAKE3::hash(arrayRefFromStringRef(data));
  return toHex(digest, /*LowerCase=*/true);
}

std::string mlir::triton::driver::hashParts(ArrayRef<std::string> parts) {
  SHA256 hasher;
  for (const std::string &part : parts) {
    std::string length = std::to_string(part.size()) + ":";
    hasher.update(length);
    hasher.update(part);
  }
  std::array<uint8_t, 32> digest = hasher.final();
  return toHex(digest, /*LowerCase=*/true);
}

std::string mlir::triton::driver::defaultCacheDir() {
  if (const char *dir = std::getenv("TRITON_CACHE_DIR"); dir && *dir)
    return dir;
  SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    path = xdg;
  } else {
    if (!sys::path::home_directory(path))
      path = "/tmp";
    sys::path::append(path, ".cache");
  }
  sys::path::append(path, "triton-mlir");
  return std::string(path);
}

/// Writes `contents` through `os` and closes it; returns the error, if any.
static std::error_code writeContents(raw_fd_ostream &os, StringRef contents) {
  os << contents;
  os.close();
  std::error_code ec = os.error();
  os.clear_error();
  return ec;
}

/// Writes `contents` to a new file beside `path`; returns its name.
static Expected<std::string> writeBeside(StringRef path, StringRef contents) {
  SmallString<256> model(path);
  model += ".tmp-%%%%%%%%";
  int fd;
  SmallString<256> temp;
  if (std::error_code ec = sys::fs::createUniqueFile(model, fd, temp))
    return fail(Twine() + "cannot create a temporary file for '" + path +
                "': " + ec.message());
  raw_fd_ostream os(fd, /*shouldClose=*/true);
  if (std::error_code ec = writeContents(os, contents)) {
    sys::fs::remove(temp);
    return fail(Twine() + "cannot write '" + path + "': " + ec.message());
  }
  return std::string(temp);
}

Error mlir::triton::driver::writeFileAtomically(StringRef path,
                                                StringRef contents) {
  StagedFiles staged;
  if (Error error = staged.add(path, contents))
    return error;
  return staged.commit();
}

StagedFiles::~StagedFiles() {
  for (const auto &[temp, path] : pending) {
    sys::fs::remove(temp);
    sys::DontRemoveFileOnSignal(temp);
  }
}

Error StagedFiles::add(StringRef path, StringRef contents) {
  Expected<std::string> temp = writeBeside(path, contents);
  if (!temp)
    return temp.takeError();
  // An interrupted compile leaves no temporary file behind.
  sys::RemoveFileOnSignal(*temp);
  pending.push_back({std::move(*temp), path.str()});
  return Error::success();
}

Error StagedFiles::commit() {
  for (size_t i = 0; i < pending.size(); ++i) {
    const auto &[temp, path] = pending[i];
    sys::DontRemoveFileOnSignal(temp);
    if (std::error_code ec = sys::fs::rename(temp, path)) {
      Error error =
          fail(Twine() + "cannot write '" + path + "': " + ec.message());
      // What was renamed stays; the rest is removed with the object.
      pending.erase(pending.begin(), pending.begin() + i);
      return error;
    }
  }
  pending.clear();
  return Error::success();
}

std::string Cache::entryDir(StringRef key) const {
  SmallString<256> path(dir);
  sys::path::append(path, key);
  return std::string(path);
}

/// Moves `path` aside under a unique name and deletes it, so that a reader
/// never sees it half removed.
static void removeEntry(StringRef path) {
  SmallString<256> aside(path);
  aside += ".dead-";
  aside += std::to_string(sys::Process::getProcessId());
  aside += "-";
  aside += std::to_string(std::rand());
  if (sys::fs::rename(path, aside))
    return;
  sys::fs::remove_directories(aside, /*IgnoreErrors=*/true);
}

/// Whether the files of `entry` match its manifest.
static bool isIntact(StringRef entry, std::string &why) {
  SmallString<256> manifestPath(entry);
  sys::path::append(manifestPath, kManifest);
  auto manifest = MemoryBuffer::getFile(manifestPath);
  if (!manifest) {
    why = "no manifest";
    return false;
  }
  Expected<json::Value> parsed = json::parse((*manifest)->getBuffer());
  if (!parsed) {
    consumeError(parsed.takeError());
    why = "unreadable manifest";
    return false;
  }
  const json::Object *files = parsed->getAsObject()
                                  ? parsed->getAsObject()->getObject("files")
                                  : nullptr;
  if (!files) {
    why = "manifest without files";
    return false;
  }
  for (const auto &[name, value] : *files) {
    const json::Object *info = value.getAsObject();
    std::optional<StringRef> sha =
        info ? info->getString("blake3") : std::nullopt;
    std::optional<int64_t> size =
        info ? info->getInteger("size") : std::nullopt;
    SmallString<256> path(entry);
    sys::path::append(path, name.str());
    auto data = MemoryBuffer::getFile(path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
    if (!sha || !size || !data) {
      why = "missing " + name.str();
      return false;
    }
    if ((int64_t)(*data)->getBufferSize() != *size ||
        fileDigest((*data)->getBuffer()) != *sha) {
      why = "damaged " + name.str();
      return false;
    }
  }
  return true;
}

std::optional<std::string> Cache::lookup(StringRef key,
                                         std::string *damaged) const {
  std::string entry = entryDir(key);
  if (!sys::fs::is_directory(entry))
    return std::nullopt;
  std::string why;
  if (isIntact(entry, why))
    return entry;
  if (damaged)
    *damaged = why;
  removeEntry(entry);
  return std::nullopt;
}

Expected<std::unique_ptr<Cache::EntryWriter>>
Cache::beginEntry(StringRef key) const {
  if (std::error_code ec = sys::fs::create_directories(dir))
    return fail(Twine() + "cannot create the cache directory '" + dir +
                "': " + ec.message());
  std::unique_ptr<EntryWriter> writer(new EntryWriter());
  writer->key = key.str();
  writer->entry = entryDir(key);
  SmallString<256> model(writer->entry);
  // createUniqueDirectory puts a relative model under the system's temporary
  // directory, not beside the entry it is renamed into.
  if (std::error_code ec = sys::fs::make_absolute(model))
    return fail(Twine() + "cannot create a cache entry in '" + dir +
                "': " + ec.message());
  model += ".tmp-%%%%%%%%";
  SmallString<256> temp;
  if (std::error_code ec = sys::fs::createUniqueDirectory(model, temp))
    return fail(Twine() + "cannot create a cache entry in '" + dir +
                "': " + ec.message());
  writer->temp = std::string(temp);
  return std::move(writer);
}

std::string Cache::EntryWriter::pathOf(StringRef name) const {
  SmallString<256> path(temp);
  sys::path::append(path, name);
  return std::string(path);
}

void Cache::EntryWriter::dontRemoveFilesOnSignal() const {
  for (const File &file : files)
    sys::DontRemoveFileOnSignal(pathOf(file.name));
}

Cache::EntryWriter::~EntryWriter() {
  if (temp.empty())
    return;
  sys::fs::remove_directories(temp, /*IgnoreErrors=*/true);
  dontRemoveFilesOnSignal();
}

Error Cache::EntryWriter::add(StringRef name, StringRef contents) {
  assert(!temp.empty() && "the entry was published");
  std::string path = pathOf(name);
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (!ec)
    ec = writeContents(os, contents);
  if (ec)
    return fail(Twine() + "cannot write the cache entry '" + entry +
                "': " + ec.message());
  // An interrupted compile removes the file (LLVM removes regular files
  // only: an empty temporary directory may stay, which lookups ignore).
  sys::RemoveFileOnSignal(path);
  files.push_back({name.str(), fileDigest(contents), contents.size()});
  return Error::success();
}

Expected<std::string> Cache::EntryWriter::publish() {
  assert(!temp.empty() && "the entry was published");
  json::Object manifest, list;
  for (const File &file : files)
    list[file.name] =
        json::Object{{"size", (int64_t)file.size}, {"blake3", file.blake3}};
  manifest["key"] = key;
  manifest["files"] = std::move(list);
  {
    std::error_code ec;
    raw_fd_ostream os(pathOf(kManifest), ec);
    if (!ec) {
      os << formatv("{0:2}", json::Value(std::move(manifest)));
      os.close();
    }
  }
  // Publish. A directory rename onto an existing entry fails: another
  // process won the race, and its entry is as good as ours.
  dontRemoveFilesOnSignal();
  std::string staged = std::move(temp);
  temp.clear();
  if (sys::fs::rename(staged, entry)) {
    sys::fs::remove_directories(staged, /*IgnoreErrors=*/true);
    std::string why;
    if (sys::fs::is_directory(entry) && isIntact(entry, why))
      return entry;
    return fail(Twine() + "cannot publish the cache entry '" + entry + "'");
  }
  return entry;
}

Expected<std::string>
Cache::store(StringRef key,
             ArrayRef<std::pair<std::string, std::string>> files) const {
  Expected<std::unique_ptr<EntryWriter>> writer = beginEntry(key);
  if (!writer)
    return writer.takeError();
  for (const auto &[name, contents] : files)
    if (Error error = (*writer)->add(name, contents))
      return std::move(error);
  return (*writer)->publish();
}
