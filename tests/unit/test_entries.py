"""An API reference entry answers with both halves: signature and description (core/rag/entries.py)."""
from __future__ import annotations

from core.rag.entries import signature, unmarked
from core.rag.extractive import compose, relevant_strips, supported
from tests.support.chunks import course_chunks

SHA256 = ("void sha256_init (struct sha256 ctx *ctx) [Function]\n\n"
          "Initialize the SHA256 state.\n\n"
          "void sha256_digest (struct sha256 ctx *ctx, size t length, uint8 t [Function] "
          "*digest)\n\n"
          "Performs final processing and extracts the message digest, writing it to digest.\n\n"
          "Earlier versions of nettle defined SHA256 in the header file, now deprecated.")
AES = ("Nettle declares aes256_set_encrypt_key in <nettle/aes.h>.\n\n"
       "void aes256_set_encrypt_key (struct aes256 ctx *ctx, const uint8 t *key) [Function]\n\n"
       "void aes256_set_decrypt_key (struct aes256 ctx *ctx, const uint8 t *key) [Function]\n\n"
       "Initialize the cipher, for encryption or decryption, respectively.\n\n"
       "void aes256_invert_key (struct aes256 ctx *dst, const struct aes256 ctx *src) "
       "[Function]\n\nGiven a context src initialized for encryption, initializes the context.")


async def test_a_signature_brings_the_description_that_says_what_the_function_does():
    """A new user asked "What does nettle's sha256_digest do?" and got the signature alone, ✅."""
    strips = await relevant_strips("What does nettle's sha256_digest do?",
                                   course_chunks(SHA256), None, 2)
    reply = compose(strips)
    assert "void sha256_digest (struct sha256 ctx *ctx, size t length, uint8 t *digest)" in reply
    assert "Performs final processing" in reply and "[Function]" not in reply
    assert supported(strips)  # the signature names the function: not chosen by meaning alone


async def test_signatures_of_one_group_share_the_description_after_the_last():
    reply = compose(await relevant_strips("What does aes256_set_encrypt_key do?",
                                          course_chunks(AES), None, 1))
    assert "Initialize the cipher, for encryption or decryption" in reply
    assert "Given a context src" not in reply


def test_category_marks_are_not_shown_and_end_a_list_entry_line():
    assert unmarked("struct nettle_hash nettle_md2 [Constant Struct] struct nettle_hash "
                    "nettle_md4 [Constant Struct] These are all the hash functions.") == \
        "struct nettle_hash nettle_md2\nstruct nettle_hash nettle_md4\nThese are all the hash " \
        "functions."
    assert signature("int asn1_der_coding (asn1 node const element, [Function] int * len) "
                     "element: pointer") == "int asn1_der_coding (asn1 node const element, int * len)"


EXPAT = ("XML_SetDefaultHandler\n\n"
         "void XMLCALL\nXML_SetDefaultHandler(XML_Parser p,\n"
         "                      XML_DefaultHandler hndl)\n\n"
         "typedef void\n(XMLCALL *XML_DefaultHandler)(void *userData,\n"
         "                              const XML_Char *s,\n"
         "                              int len);\n\n"
         "Sets a handler for any characters in the document which wouldn't otherwise be "
         "handled.\n\n"
         "Setting the handler with this call has the side effect of turning off expansion of "
         "references to internally defined general entities.")


async def test_a_head_added_above_a_later_sentence_brings_the_first_one_too():
    """"How do I compute an HMAC-SHA256?" got sha256_digest's signature over "Earlier versions
    of nettle…", without what the function does."""
    reply = compose(await relevant_strips("Which header did earlier versions of nettle use?",
                                          course_chunks(SHA256), None, 1))
    assert "Earlier versions of nettle" in reply
    assert "void sha256_digest" in reply and "Performs final processing" in reply


async def test_a_code_block_naming_the_function_asked_about_is_an_entry_head(embedder):
    """An HTML manual's entry: the declaration and its typedef in blocks, then what it does.
    "What does XML_SetDefaultHandler do?" got the side effect without "Sets a handler…", and
    "What does XML_ParserReset do?" its whole entry under ⚠ (chosen by meaning alone)."""
    strips = await relevant_strips("What does XML_SetDefaultHandler do?", course_chunks(EXPAT),
                                   embedder, 2)
    reply = compose(strips)
    assert "XML_SetDefaultHandler(XML_Parser p," in reply
    assert "Sets a handler for any characters" in reply
    assert supported(strips)
