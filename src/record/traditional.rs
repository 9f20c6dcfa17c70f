//! The traditional forms of the simplified characters game records use
//! (pieces, moves, results, the words of events and openings), for text
//! written in an encoding of traditional characters such as Big5, which has
//! no code for 马, 车, 帅, 将, 进 …. A small table, not a general converter:
//! a character it does not hold is left as it is.

/// Simplified and traditional pairs, the simplified first. 后 and 胜 are
/// in Big5 too, but a traditional record writes 後 and 勝; 炮 is kept (砲
/// is the other traditional form, and Big5 has both).
const PAIRS: &str = "帅帥将將车車马馬进進后後红紅胜勝负負认認输輸议議时時长長杀殺毙斃绝絕\
                     对對赛賽国國个個级級届屆轮輪场場队隊谱譜着著变變开開龙龍门門阵陣顺順\
                     风風过過宫宮头頭飞飛边邊单單双雙横橫两兩盘盤无無违違义義读讀记記录錄\
                     终終结結处處战戰团團决決选選锦錦标標会會业業协協联聯总總还還执執释釋\
                     应應该該须須图圖势勢东東广廣汉漢";

/// The traditional form of `c` if the table holds one, else `c`.
fn traditional(c: char) -> char {
    let mut chars = PAIRS.chars();
    while let (Some(simplified), Some(trad)) = (chars.next(), chars.next()) {
        if simplified == c {
            return trad;
        }
    }
    c
}

/// `text` with every simplified character of the table in its traditional
/// form: `马８进７` becomes `馬８進７`, `红胜` becomes `紅勝`.
pub(crate) fn traditional_glyphs(text: &str) -> String {
    text.chars().map(traditional).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_comes_out_traditional_and_big5_writes_it() {
        let text = "炮二平五 马８进７ 车一平二 前车进一 后马退三 帅五平四 将５进１ 红胜 黑负";
        let trad = traditional_glyphs(text);
        assert_eq!(
            trad,
            "炮二平五 馬８進７ 車一平二 前車進一 後馬退三 帥五平四 將５進１ 紅勝 黑負"
        );
        assert!(!encoding_rs::BIG5.encode(&trad).2);
        assert!(encoding_rs::BIG5.encode(text).2);
        // A character outside the table is left alone.
        assert_eq!(traditional_glyphs("胡荣华 h2e2"), "胡荣华 h2e2");
    }

    #[test]
    fn the_table_pairs_characters_big5_writes() {
        assert_eq!(PAIRS.chars().count() % 2, 0);
        let chars: Vec<char> = PAIRS.chars().collect();
        for pair in chars.chunks(2) {
            let trad = pair[1].to_string();
            assert!(!encoding_rs::BIG5.encode(&trad).2, "{trad}");
            assert_ne!(pair[0], pair[1]);
        }
    }
}
