//! A bounds-checked reader over a byte slice for the binary formats.

use crate::words::Words;

/// Reads little-endian values from a slice; every read past the end is an error.
pub(crate) struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `data`.
    pub(crate) fn new(data: &'a [u8]) -> Cursor<'a> {
        Cursor { data, pos: 0 }
    }

    /// Offset of the next byte.
    pub(crate) fn offset(&self) -> usize {
        self.pos
    }

    /// Whether every byte has been read.
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The next `n` bytes.
    pub(crate) fn bytes(&mut self, n: usize) -> Result<&'a [u8], Words> {
        let (len, at) = (self.data.len(), self.pos);
        let end = at.checked_add(n).filter(|&e| e <= len).ok_or_else(|| {
            Words::new(
                format!(
                    "the data ends at byte {len} but {n} more bytes were announced at byte {at}"
                ),
                format!("数据在第{len}字节结束，但第{at}字节处声明还有{n}字节"),
            )
        })?;
        let out = &self.data[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    /// The next four bytes as an array.
    pub(crate) fn array4(&mut self) -> Result<[u8; 4], Words> {
        let b = self.bytes(4)?;
        Ok([b[0], b[1], b[2], b[3]])
    }

    /// A little-endian u32.
    pub(crate) fn u32(&mut self) -> Result<u32, Words> {
        Ok(u32::from_le_bytes(self.array4()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_bounded() {
        let mut c = Cursor::new(&[1, 0, 0, 0, 9]);
        assert_eq!(c.u32(), Ok(1));
        assert_eq!(c.offset(), 4);
        let short = c.u32().unwrap_err();
        assert!(short.en.contains("ends at byte 5"), "{short:?}");
        assert!(short.zh.contains("第5字节结束"), "{short:?}");
        assert_eq!(c.bytes(1), Ok(&[9u8][..]));
        assert!(c.at_end());
        assert!(c.bytes(usize::MAX).is_err());
    }
}
