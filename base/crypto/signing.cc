#include "base/crypto/signing.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/pem.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "base/crypto/crypto.h"

namespace boyi::crypto {

struct SigningKey::Key {
  EVP_PKEY* pkey = nullptr;
  ~Key() { EVP_PKEY_free(pkey); }
};

namespace {

std::string raw_public(EVP_PKEY* pkey) {
  std::string out(32, '\0');
  std::size_t length = out.size();
  EVP_PKEY_get_raw_public_key(pkey, reinterpret_cast<unsigned char*>(out.data()), &length);
  out.resize(length);
  return out;
}

std::string raw_private(EVP_PKEY* pkey) {
  std::string out(32, '\0');
  std::size_t length = out.size();
  EVP_PKEY_get_raw_private_key(pkey, reinterpret_cast<unsigned char*>(out.data()), &length);
  out.resize(length);
  return out;
}

}  // namespace

SigningKey::SigningKey(std::unique_ptr<Key> key) : key_(std::move(key)) {
  public_hex_ = to_hex(raw_public(key_->pkey));
  // A one-way derivation: knowing this secret (or anything keyed by it) gives no signature.
  derivation_secret_ = hmac_sha256(raw_private(key_->pkey), "boyi derivation secret");
}

SigningKey::SigningKey(SigningKey&&) noexcept = default;
SigningKey& SigningKey::operator=(SigningKey&&) noexcept = default;
SigningKey::~SigningKey() = default;

Result<SigningKey> SigningKey::generate() {
  EVP_PKEY* pkey = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
  if (!pkey) return fail("could not generate an Ed25519 key");
  auto key = std::make_unique<Key>();
  key->pkey = pkey;
  return SigningKey(std::move(key));
}

Result<SigningKey> SigningKey::from_pem(std::string_view pem) {
  BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
  if (!bio) return fail("out of memory reading a key");
  EVP_PKEY* pkey = PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr);
  BIO_free(bio);
  if (!pkey) return fail("not a PEM private key");
  auto key = std::make_unique<Key>();
  key->pkey = pkey;
  if (EVP_PKEY_get_base_id(pkey) != EVP_PKEY_ED25519) return fail("the key is not Ed25519");
  return SigningKey(std::move(key));
}

Result<SigningKey> SigningKey::load_or_create(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) return fail("cannot read the signing key " + path.string());
    auto key = from_pem(text.str());
    if (!key) return fail("the signing key " + path.string() + ": " + key.message());
    return key;
  }
  auto key = generate();
  if (!key) return key;
  const std::string pem = key->to_pem();
  // O_EXCL: two servers starting at once never overwrite each other's fresh key.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    if (errno == EEXIST) return load_or_create(path);
    return fail("cannot create the signing key " + path.string() + ": " + std::strerror(errno));
  }
  std::size_t written = 0;
  while (written < pem.size()) {
    const ssize_t n = ::write(fd, pem.data() + written, pem.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      return fail("cannot write the signing key " + path.string());
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    return fail("cannot write the signing key " + path.string());
  }
  return key;
}

std::string SigningKey::sign(std::string_view message) const {
  std::string signature(64, '\0');
  std::size_t length = signature.size();
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  // Ed25519 signs the message itself (no separate digest); it cannot fail for a valid key.
  EVP_DigestSignInit(ctx, nullptr, nullptr, nullptr, key_->pkey);
  EVP_DigestSign(ctx, reinterpret_cast<unsigned char*>(signature.data()), &length,
                 reinterpret_cast<const unsigned char*>(message.data()), message.size());
  EVP_MD_CTX_free(ctx);
  signature.resize(length);
  return to_hex(signature);
}

std::string SigningKey::to_pem() const {
  BIO* bio = BIO_new(BIO_s_mem());
  PEM_write_bio_PrivateKey(bio, key_->pkey, nullptr, nullptr, 0, nullptr, nullptr);
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  std::string pem(data, static_cast<std::size_t>(size));
  BIO_free(bio);
  return pem;
}

bool verify_signature(std::string_view public_hex, std::string_view message,
                      std::string_view signature_hex) {
  auto pub = from_hex(public_hex);
  auto signature = from_hex(signature_hex);
  if (!pub || !signature || pub->size() != 32 || signature->size() != 64) return false;
  EVP_PKEY* pkey = EVP_PKEY_new_raw_public_key(
      EVP_PKEY_ED25519, nullptr, reinterpret_cast<const unsigned char*>(pub->data()), 32);
  if (!pkey) return false;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  bool ok = ctx && EVP_DigestVerifyInit(ctx, nullptr, nullptr, nullptr, pkey) == 1 &&
            EVP_DigestVerify(ctx, reinterpret_cast<const unsigned char*>(signature->data()), 64,
                             reinterpret_cast<const unsigned char*>(message.data()),
                             message.size()) == 1;
  EVP_MD_CTX_free(ctx);
  EVP_PKEY_free(pkey);
  return ok;
}

}  // namespace boyi::crypto
