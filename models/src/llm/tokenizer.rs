//! The Qwen2 tokenizer, built from the GGUF metadata (no tokenizer.json):
//! byte-level BPE over `tokenizer.ggml.tokens` / `tokenizer.ggml.merges`,
//! NFC normalisation, the Qwen2 pre-tokenizer split, and the control /
//! user-defined tokens (`<|im_start|>`, `<|im_end|>`, `<|endoftext|>`, …)
//! as added tokens, exactly as Qwen's own tokenizer.json sets it up.

use std::collections::HashMap;

use candle_core::quantized::gguf_file::{Content, Value};
use tokenizers::decoders::byte_level::ByteLevel as ByteLevelDecoder;
use tokenizers::models::bpe::{Vocab, BPE};
use tokenizers::normalizers::unicode::NFC;
use tokenizers::pre_tokenizers::byte_level::ByteLevel;
use tokenizers::pre_tokenizers::sequence::Sequence;
use tokenizers::pre_tokenizers::split::{Split, SplitPattern};
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::{AddedToken, SplitDelimiterBehavior, Tokenizer};

/// The `qwen2` pre-tokenizer split (from Qwen2's tokenizer.json; llama.cpp's
/// `LLAMA_VOCAB_PRE_TYPE_QWEN2` uses the same expression).
pub const QWEN2_SPLIT_REGEX: &str =
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

/// GGUF `tokenizer.ggml.token_type` values.
const TYPE_CONTROL: i32 = 3;
const TYPE_USER_DEFINED: i32 = 4;

/// A tokenizer read from GGUF metadata; a metadata problem is a string
/// (the caller turns it into a load error naming the file).
pub struct QwenTokenizer {
    /// Recognises the special tokens in text (counting, tests).
    with_special: Tokenizer,
    /// Treats everything as plain text (message contents: no injected `<|im_end|>`).
    plain: Tokenizer,
    /// Raw bytes of each token, for streaming.
    bytes: Vec<Vec<u8>>,
    special_ids: HashMap<String, u32>,
    eos_ids: Vec<u32>,
    bos_id: Option<u32>,
    pad_id: Option<u32>,
}

fn get<'a>(ct: &'a Content, key: &str) -> Result<&'a Value, String> {
    ct.metadata.get(key).ok_or_else(|| format!("the GGUF has no `{key}`"))
}

fn opt_u32(ct: &Content, key: &str) -> Option<u32> {
    ct.metadata.get(key).and_then(|v| v.to_u32().ok())
}

/// GPT-2's byte ↔ printable-character table used by byte-level BPE.
fn byte_chars() -> [char; 256] {
    let mut table = ['\0'; 256];
    let mut extra = 0u32;
    for b in 0..=255u8 {
        let printable = (b'!'..=b'~').contains(&b) || (0xA1..=0xAC).contains(&b) || (0xAE..=0xFF).contains(&b);
        table[b as usize] = if printable {
            char::from(b)
        } else {
            extra += 1;
            char::from_u32(255 + extra).unwrap_or('\0')
        };
    }
    table
}

impl QwenTokenizer {
    pub fn from_gguf(ct: &Content) -> Result<Self, String> {
        let model = get(ct, "tokenizer.ggml.model")?.to_string().map_err(|e| e.to_string())?;
        if model != "gpt2" {
            return Err(format!("tokenizer.ggml.model is {model:?}, expected \"gpt2\" (byte-level BPE)"));
        }
        let tokens: Vec<String> = get(ct, "tokenizer.ggml.tokens")?
            .to_vec()
            .map_err(|e| e.to_string())?
            .iter()
            .map(|v| v.to_string().cloned().map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let merges: Vec<(String, String)> = get(ct, "tokenizer.ggml.merges")?
            .to_vec()
            .map_err(|e| e.to_string())?
            .iter()
            .map(|v| {
                let m = v.to_string().map_err(|e| e.to_string())?;
                m.split_once(' ').map(|(a, b)| (a.to_owned(), b.to_owned())).ok_or_else(|| format!("bad merge {m:?}"))
            })
            .collect::<Result<_, _>>()?;
        let types: Vec<i32> = match ct.metadata.get("tokenizer.ggml.token_type") {
            Some(v) => v
                .to_vec()
                .map_err(|e| e.to_string())?
                .iter()
                .map(|t| t.to_i32().map_err(|e| e.to_string()))
                .collect::<Result<_, _>>()?,
            None => vec![1; tokens.len()],
        };
        if types.len() != tokens.len() {
            return Err(format!("{} token types for {} tokens", types.len(), tokens.len()));
        }

        let vocab: Vocab = tokens.iter().enumerate().map(|(i, t)| (t.clone(), i as u32)).collect();
        let bpe =
            BPE::builder().vocab_and_merges(vocab, merges).build().map_err(|e| format!("building the BPE: {e}"))?;
        let split = Split::new(SplitPattern::Regex(QWEN2_SPLIT_REGEX.into()), SplitDelimiterBehavior::Isolated, false)
            .map_err(|e| format!("the Qwen2 split regex: {e}"))?;
        let pre = Sequence::new(vec![
            PreTokenizerWrapper::Split(split),
            PreTokenizerWrapper::ByteLevel(ByteLevel::new(false, false, false)),
        ]);
        let mut plain = Tokenizer::new(bpe);
        plain.with_normalizer(Some(NFC)).map_err(|e| e.to_string())?;
        plain.with_pre_tokenizer(Some(pre));
        plain.with_decoder(Some(ByteLevelDecoder::new(false, false, false)));

        let mut with_special = plain.clone();
        let special: Vec<(usize, &String)> =
            tokens.iter().enumerate().filter(|(i, _)| matches!(types[*i], TYPE_CONTROL | TYPE_USER_DEFINED)).collect();
        let added: Vec<AddedToken> = special
            .iter()
            .map(|(i, t)| AddedToken::from((*t).clone(), types[*i] == TYPE_CONTROL).normalized(false))
            .collect();
        with_special.add_special_tokens(added).map_err(|e| format!("adding the special tokens: {e}"))?;
        let special_ids: HashMap<String, u32> = special.iter().map(|(i, t)| ((*t).clone(), *i as u32)).collect();

        let table = byte_chars();
        let inverse: HashMap<char, u8> = table.iter().enumerate().map(|(b, c)| (*c, b as u8)).collect();
        let bytes = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| {
                if special_ids.contains_key(t) && special_ids.get(t) == Some(&(i as u32)) {
                    t.as_bytes().to_vec()
                } else {
                    // A token outside the byte alphabet (none in Qwen2) keeps its UTF-8.
                    t.chars()
                        .flat_map(|c| match inverse.get(&c) {
                            Some(b) => vec![*b],
                            None => c.to_string().into_bytes(),
                        })
                        .collect()
                }
            })
            .collect();

        let mut eos_ids: Vec<u32> = opt_u32(ct, "tokenizer.ggml.eos_token_id").into_iter().collect();
        for name in ["<|im_end|>", "<|endoftext|>"] {
            if let Some(&id) = special_ids.get(name) {
                if !eos_ids.contains(&id) {
                    eos_ids.push(id);
                }
            }
        }
        if eos_ids.is_empty() {
            return Err("no end-of-sequence token (tokenizer.ggml.eos_token_id, <|im_end|>)".into());
        }
        for needed in [super::chat::IM_START, super::chat::IM_END] {
            if !special_ids.contains_key(needed) {
                return Err(format!("no {needed} token: not a ChatML (Qwen2) model"));
            }
        }
        Ok(Self {
            with_special,
            plain,
            bytes,
            special_ids,
            eos_ids,
            bos_id: opt_u32(ct, "tokenizer.ggml.bos_token_id"),
            pad_id: opt_u32(ct, "tokenizer.ggml.padding_token_id"),
        })
    }

    /// Token ids of `text`; with `special`, special-token strings such as
    /// `<|im_end|>` in it are those single tokens, otherwise plain text.
    pub fn encode(&self, text: &str, special: bool) -> Result<Vec<u32>, String> {
        let tok = if special { &self.with_special } else { &self.plain };
        tok.encode_fast(text, false).map(|e| e.get_ids().to_vec()).map_err(|e| e.to_string())
    }

    /// Text of `ids` (special tokens written out; bytes that are not valid
    /// UTF-8 become U+FFFD).
    pub fn decode(&self, ids: &[u32]) -> String {
        let bytes: Vec<u8> = ids.iter().flat_map(|&id| self.token_bytes(id).iter().copied()).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The raw bytes a token stands for (empty for an unknown id).
    pub fn token_bytes(&self, id: u32) -> &[u8] {
        self.bytes.get(id as usize).map_or(&[], Vec::as_slice)
    }

    /// The id of a special token such as `<|im_start|>`.
    pub fn special_id(&self, token: &str) -> Option<u32> {
        self.special_ids.get(token).copied()
    }

    /// End-of-turn / end-of-text ids (the GGUF's eos, `<|im_end|>`, `<|endoftext|>`).
    pub fn eos_ids(&self) -> &[u32] {
        &self.eos_ids
    }

    /// `tokenizer.ggml.bos_token_id` (Qwen adds no BOS to prompts).
    pub fn bos_id(&self) -> Option<u32> {
        self.bos_id
    }

    /// `tokenizer.ggml.padding_token_id`.
    pub fn pad_id(&self) -> Option<u32> {
        self.pad_id
    }

    pub fn vocab_size(&self) -> usize {
        self.bytes.len()
    }

    /// The `tokenizers` tokenizer (special tokens recognised), e.g. for its decoder.
    pub fn inner(&self) -> &Tokenizer {
        &self.with_special
    }
}
