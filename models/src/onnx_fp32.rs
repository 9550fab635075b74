//! ONNX fp16 → fp32 at load time, on the serialised model.
//!
//! The ISNet we ship (`isnet_fp16.onnx`) stores its weights and activations
//! in fp16. ONNX Runtime's CPU provider has no fp16 kernels for most of its
//! nodes, so it wraps them in casts and converts the weights on every
//! session load; the casts left on the activations cost about 8 % of an
//! inference (docs/MODELS.md, "Cutout speed"). Rewriting the model to fp32
//! before handing it to ONNX Runtime removes them: every fp16 tensor
//! (initializers and `Constant` values) becomes fp32, every fp16 type
//! (inputs, outputs, `value_info`) becomes float, and `Cast` nodes to fp16
//! cast to float instead (ONNX Runtime then drops them as no-ops). The
//! weights were fp16, so fp32 holds them exactly; only the activations gain
//! precision (masks differ by at most a level or two of 255).
//!
//! Graph outputs the caller will not fetch can be dropped at the same time
//! (`keep_outputs`): ISNet's 12 side outputs, whose branches ONNX Runtime
//! then prunes as dead code.
//!
//! Only the protobuf messages on that path are decoded (ModelProto → graph →
//! nodes, attributes, tensors, value infos); every other field is copied as
//! it is. Subgraphs (`If`/`Loop` bodies) are not visited: a model with fp16
//! inside one is left as ONNX Runtime would see it, which still loads.

/// Why a model could not be rewritten (the caller then loads the file as is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewriteError(pub String);

impl std::fmt::Display for RewriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ONNX rewrite: {}", self.0)
    }
}

const FLOAT: u64 = 1;
const FLOAT16: u64 = 10;

/// What the rewrite did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RewriteStats {
    /// fp16 tensors (initializers, constants) widened to fp32.
    pub tensors: usize,
    /// Cast nodes retargeted from fp16 to float.
    pub casts: usize,
    /// Graph outputs dropped.
    pub outputs_dropped: usize,
}

/// `model` (a serialised ModelProto) with every fp16 tensor and type turned
/// to fp32, keeping only the graph outputs named in `keep_outputs` (all of
/// them when empty).
pub fn fp16_to_fp32(model: &[u8], keep_outputs: &[&str]) -> Result<(Vec<u8>, RewriteStats), RewriteError> {
    let mut stats = RewriteStats::default();
    let mut out = Vec::with_capacity(model.len() * 2);
    for field in Fields::new(model) {
        let field = field?;
        match (field.number, field.value) {
            // ModelProto.graph
            (7, Value::Bytes(graph)) => {
                let graph = rewrite_graph(graph, keep_outputs, &mut stats)?;
                put_bytes(&mut out, 7, &graph);
            }
            _ => out.extend_from_slice(field.raw),
        }
    }
    Ok((out, stats))
}

fn rewrite_graph(graph: &[u8], keep_outputs: &[&str], stats: &mut RewriteStats) -> Result<Vec<u8>, RewriteError> {
    let mut out = Vec::with_capacity(graph.len() * 2);
    for field in Fields::new(graph) {
        let field = field?;
        match (field.number, field.value) {
            // node
            (1, Value::Bytes(node)) => put_bytes(&mut out, 1, &rewrite_node(node, stats)?),
            // initializer
            (5, Value::Bytes(tensor)) => put_bytes(&mut out, 5, &rewrite_tensor(tensor, stats)?),
            // output: dropped unless kept
            (12, Value::Bytes(info)) => {
                let name = string_field(info, 1)?.unwrap_or_default();
                if keep_outputs.is_empty() || keep_outputs.contains(&name.as_str()) {
                    put_bytes(&mut out, 12, &rewrite_value_info(info)?);
                } else {
                    stats.outputs_dropped += 1;
                }
            }
            // input, value_info
            (n @ (11 | 13), Value::Bytes(info)) => put_bytes(&mut out, n, &rewrite_value_info(info)?),
            _ => out.extend_from_slice(field.raw),
        }
    }
    Ok(out)
}

fn rewrite_node(node: &[u8], stats: &mut RewriteStats) -> Result<Vec<u8>, RewriteError> {
    let is_cast = string_field(node, 4)?.as_deref() == Some("Cast");
    let mut out = Vec::with_capacity(node.len());
    for field in Fields::new(node) {
        let field = field?;
        match (field.number, field.value) {
            // attribute
            (5, Value::Bytes(attr)) => put_bytes(&mut out, 5, &rewrite_attribute(attr, is_cast, stats)?),
            _ => out.extend_from_slice(field.raw),
        }
    }
    Ok(out)
}

fn rewrite_attribute(attr: &[u8], is_cast: bool, stats: &mut RewriteStats) -> Result<Vec<u8>, RewriteError> {
    let is_to = is_cast && string_field(attr, 1)?.as_deref() == Some("to");
    let mut out = Vec::with_capacity(attr.len());
    for field in Fields::new(attr) {
        let field = field?;
        match (field.number, field.value) {
            // i (Cast's `to`)
            (3, Value::Varint(FLOAT16)) if is_to => {
                stats.casts += 1;
                put_varint_field(&mut out, 3, FLOAT);
            }
            // t, tensors
            (n @ (5 | 10), Value::Bytes(tensor)) => put_bytes(&mut out, n, &rewrite_tensor(tensor, stats)?),
            _ => out.extend_from_slice(field.raw),
        }
    }
    Ok(out)
}

/// A TensorProto: fp16 data (raw_data or int32_data) becomes fp32 raw_data.
fn rewrite_tensor(tensor: &[u8], stats: &mut RewriteStats) -> Result<Vec<u8>, RewriteError> {
    let mut data_type = None;
    for field in Fields::new(tensor) {
        let field = field?;
        if let (2, Value::Varint(t)) = (field.number, field.value) {
            data_type = Some(t);
        }
    }
    if data_type != Some(FLOAT16) {
        return Ok(tensor.to_vec());
    }
    stats.tensors += 1;
    let mut halves: Vec<u16> = Vec::new();
    let mut out = Vec::with_capacity(tensor.len() * 2);
    for field in Fields::new(tensor) {
        let field = field?;
        match (field.number, field.value) {
            (2, _) => put_varint_field(&mut out, 2, FLOAT),
            // raw_data: little-endian halves
            (9, Value::Bytes(raw)) => {
                if raw.len() % 2 != 0 {
                    return Err(RewriteError("fp16 raw_data of odd length".into()));
                }
                halves.extend(raw.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])));
            }
            // int32_data: one half per value, packed or not
            (5, Value::Bytes(packed)) => {
                let mut rest = packed;
                while !rest.is_empty() {
                    let (v, used) = varint(rest)?;
                    halves.push(v as u16);
                    rest = &rest[used..];
                }
            }
            (5, Value::Varint(v)) => halves.push(v as u16),
            _ => out.extend_from_slice(field.raw),
        }
    }
    let raw: Vec<u8> = halves.iter().flat_map(|&h| f16_to_f32(h).to_le_bytes()).collect();
    put_bytes(&mut out, 9, &raw);
    Ok(out)
}

/// A ValueInfoProto: a tensor type's fp16 element type becomes float.
fn rewrite_value_info(info: &[u8]) -> Result<Vec<u8>, RewriteError> {
    map_field(info, 2, |type_proto| {
        // TypeProto.tensor_type
        map_field(type_proto, 1, |tensor_type| {
            let mut out = Vec::with_capacity(tensor_type.len());
            for field in Fields::new(tensor_type) {
                let field = field?;
                match (field.number, field.value) {
                    (1, Value::Varint(FLOAT16)) => put_varint_field(&mut out, 1, FLOAT),
                    _ => out.extend_from_slice(field.raw),
                }
            }
            Ok(out)
        })
    })
}

/// `msg` with each length-delimited field `number` replaced by `f` of it.
fn map_field(
    msg: &[u8],
    number: u32,
    f: impl Fn(&[u8]) -> Result<Vec<u8>, RewriteError>,
) -> Result<Vec<u8>, RewriteError> {
    let mut out = Vec::with_capacity(msg.len());
    for field in Fields::new(msg) {
        let field = field?;
        match field.value {
            Value::Bytes(inner) if field.number == number => put_bytes(&mut out, number, &f(inner)?),
            _ => out.extend_from_slice(field.raw),
        }
    }
    Ok(out)
}

/// The last string field `number` of `msg`.
fn string_field(msg: &[u8], number: u32) -> Result<Option<String>, RewriteError> {
    let mut found = None;
    for field in Fields::new(msg) {
        let field = field?;
        match field.value {
            Value::Bytes(b) if field.number == number => found = Some(String::from_utf8_lossy(b).into_owned()),
            _ => {}
        }
    }
    Ok(found)
}

/// IEEE 754 half to single precision (exact: every half is a float).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, _) => {
            // Subnormal: normalise.
            let shift = man.leading_zeros() - 21; // bring the top bit to bit 10
            let man = (man << shift) & 0x3ff;
            sign | ((127 - 15 + 1 - shift) << 23) | (man << 13)
        }
        (0x1f, _) => sign | 0x7f80_0000 | (man << 13),
        _ => sign | ((exp + 127 - 15) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

// --------------------------------------------------------------------------
// Protobuf wire format: just enough to walk and rewrite messages.

#[derive(Clone, Copy)]
enum Value<'a> {
    Varint(u64),
    Fixed64,
    Fixed32,
    Bytes(&'a [u8]),
}

struct Field<'a> {
    number: u32,
    value: Value<'a>,
    /// The whole field as serialised (tag included), to copy unchanged.
    raw: &'a [u8],
}

struct Fields<'a> {
    rest: &'a [u8],
    failed: bool,
}

impl<'a> Fields<'a> {
    fn new(msg: &'a [u8]) -> Self {
        Fields { rest: msg, failed: false }
    }

    fn next_field(&mut self) -> Result<Field<'a>, RewriteError> {
        let all = self.rest;
        let (tag, mut used) = varint(all)?;
        let number = u32::try_from(tag >> 3).map_err(|_| RewriteError("field number out of range".into()))?;
        let value = match tag & 7 {
            0 => {
                let (v, n) = varint(&all[used..])?;
                used += n;
                Value::Varint(v)
            }
            1 => {
                used += 8;
                Value::Fixed64
            }
            5 => {
                used += 4;
                Value::Fixed32
            }
            2 => {
                let (len, n) = varint(&all[used..])?;
                used += n;
                let len = usize::try_from(len).map_err(|_| RewriteError("length out of range".into()))?;
                let end = used.checked_add(len).ok_or_else(|| RewriteError("length out of range".into()))?;
                let bytes = all.get(used..end).ok_or_else(|| RewriteError("truncated field".into()))?;
                used = end;
                Value::Bytes(bytes)
            }
            w => return Err(RewriteError(format!("unsupported wire type {w}"))),
        };
        let raw = all.get(..used).ok_or_else(|| RewriteError("truncated field".into()))?;
        self.rest = &all[used..];
        Ok(Field { number, value, raw })
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = Result<Field<'a>, RewriteError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.rest.is_empty() || self.failed {
            return None;
        }
        let field = self.next_field();
        self.failed = field.is_err();
        Some(field)
    }
}

fn varint(buf: &[u8]) -> Result<(u64, usize), RewriteError> {
    let mut v = 0u64;
    for (i, &b) in buf.iter().enumerate().take(10) {
        v |= u64::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return Ok((v, i + 1));
        }
    }
    Err(RewriteError("bad varint".into()))
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_varint_field(out: &mut Vec<u8>, number: u32, v: u64) {
    put_varint(out, u64::from(number) << 3);
    put_varint(out, v);
}

fn put_bytes(out: &mut Vec<u8>, number: u32, bytes: &[u8]) {
    put_varint(out, (u64::from(number) << 3) | 2);
    put_varint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tensor(data_type: u64, raw: &[u8]) -> Vec<u8> {
        let mut t = Vec::new();
        put_varint_field(&mut t, 1, 2); // dims [2]
        put_varint_field(&mut t, 2, data_type);
        put_bytes(&mut t, 8, b"w"); // name
        put_bytes(&mut t, 9, raw);
        t
    }

    fn value_info(name: &str, elem: u64) -> Vec<u8> {
        let mut tt = Vec::new();
        put_varint_field(&mut tt, 1, elem);
        let mut tp = Vec::new();
        put_bytes(&mut tp, 1, &tt);
        let mut vi = Vec::new();
        put_bytes(&mut vi, 1, name.as_bytes());
        put_bytes(&mut vi, 2, &tp);
        vi
    }

    fn cast_node(to: u64) -> Vec<u8> {
        let mut attr = Vec::new();
        put_bytes(&mut attr, 1, b"to");
        put_varint_field(&mut attr, 3, to);
        put_varint_field(&mut attr, 20, 2); // type INT
        let mut node = Vec::new();
        put_bytes(&mut node, 1, b"x");
        put_bytes(&mut node, 2, b"y");
        put_bytes(&mut node, 4, b"Cast");
        put_bytes(&mut node, 5, &attr);
        node
    }

    #[test]
    fn halves_widen_exactly() {
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0xc000), -2.0);
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95);
        assert_eq!(f16_to_f32(0x7bff), 65504.0);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24)); // smallest subnormal
        assert_eq!(f16_to_f32(0x03ff), 1023.0 * 2f32.powi(-24)); // largest subnormal
        assert_eq!(f16_to_f32(0x8000).to_bits(), 0x8000_0000);
        assert_eq!(f16_to_f32(0x7c00), f32::INFINITY);
        assert!(f16_to_f32(0x7e00).is_nan());
        // Every finite half round-trips through f32 -> f64 checks.
        for h in 0u16..0x7c00 {
            let f = f16_to_f32(h);
            let (exp, man) = ((h >> 10) & 0x1f, f64::from(h & 0x3ff));
            let want =
                if exp == 0 { man * 2f64.powi(-24) } else { (1.0 + man / 1024.0) * 2f64.powi(i32::from(exp) - 15) };
            assert_eq!(f64::from(f), want, "half {h:#06x}");
        }
    }

    #[test]
    fn rewrites_tensors_types_casts_and_outputs() {
        let mut graph = Vec::new();
        put_bytes(&mut graph, 1, &cast_node(FLOAT16));
        put_bytes(&mut graph, 1, &cast_node(7)); // a cast to int64 stays
        put_bytes(&mut graph, 5, &tensor(FLOAT16, &[0x00, 0x3c, 0x00, 0xc0]));
        put_bytes(&mut graph, 5, &tensor(FLOAT, &1.5f32.to_le_bytes()));
        put_bytes(&mut graph, 11, &value_info("x", FLOAT));
        put_bytes(&mut graph, 12, &value_info("y", FLOAT16));
        put_bytes(&mut graph, 12, &value_info("side", FLOAT16));
        put_bytes(&mut graph, 13, &value_info("mid", FLOAT16));
        let mut model = Vec::new();
        put_varint_field(&mut model, 1, 8); // ir_version
        put_bytes(&mut model, 7, &graph);

        let (out, stats) = fp16_to_fp32(&model, &["y"]).unwrap();
        assert_eq!(stats, RewriteStats { tensors: 1, casts: 1, outputs_dropped: 1 });

        let mut expect_graph = Vec::new();
        put_bytes(&mut expect_graph, 1, &cast_node(FLOAT));
        put_bytes(&mut expect_graph, 1, &cast_node(7));
        let mut widened = Vec::new();
        widened.extend(1.0f32.to_le_bytes());
        widened.extend((-2.0f32).to_le_bytes());
        put_bytes(&mut expect_graph, 5, &tensor(FLOAT, &widened));
        put_bytes(&mut expect_graph, 5, &tensor(FLOAT, &1.5f32.to_le_bytes()));
        put_bytes(&mut expect_graph, 11, &value_info("x", FLOAT));
        put_bytes(&mut expect_graph, 12, &value_info("y", FLOAT));
        put_bytes(&mut expect_graph, 13, &value_info("mid", FLOAT));
        let mut expect = Vec::new();
        put_varint_field(&mut expect, 1, 8);
        put_bytes(&mut expect, 7, &expect_graph);
        assert_eq!(out, expect);

        // Nothing to do: the same bytes.
        let (again, stats) = fp16_to_fp32(&out, &[]).unwrap();
        assert_eq!(again, out);
        assert_eq!(stats, RewriteStats::default());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(fp16_to_fp32(&[0x3a, 0xff, 0xff, 0x01], &[]).is_err());
        assert!(fp16_to_fp32(&[0xff], &[]).is_err());
        assert!(fp16_to_fp32(&[0x0b], &[]).is_err()); // wire type 3
    }
}
