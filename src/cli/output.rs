//! Why a file the user named for output cannot be written, in words a
//! person can act on (`convert -o`, `ucci --log`).

use std::path::Path;

use crate::words::Words;

/// Why the output file `path` cannot be created.
pub(super) fn output_error(path: &Path, e: &std::io::Error) -> Words {
    use std::io::ErrorKind as Io;
    let shown = path.display();
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| ".".to_string(), |p| p.display().to_string());
    let (en, zh) = match e.kind() {
        Io::NotFound => (
            format!("the folder {folder} does not exist"),
            format!("文件夹 {folder} 不存在"),
        ),
        Io::PermissionDenied => ("permission denied".to_string(), "没有写入权限".to_string()),
        Io::IsADirectory => (
            "it is a folder, not a file".to_string(),
            "这是文件夹，不是文件".to_string(),
        ),
        _ => (e.to_string(), format!("无法写入（{e}）")),
    };
    Words::new(
        format!("cannot write {shown}: {en}"),
        format!("无法写入 {shown}：{zh}"),
    )
}
