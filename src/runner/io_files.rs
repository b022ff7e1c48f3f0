//! File input and output, as USACO's grader asked for them (`msquare.in`, `msquare.out`): the
//! names a problem gives, the input written under its name into the run's working directory
//! (standard input still carries it), and the output file the run left there, read back as a
//! hostile program may have left it: a symbolic link (to a jury file), a FIFO (that would
//! block a reader), a directory, a device, a file with other links, or one too large. Only a
//! regular file of the run's own, read without following a link and without blocking, at most
//! the output cap, is an output.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd};

use super::Input;

/// The longest file name a problem may give.
const LONGEST_NAME: usize = 64;

/// The files a problem's runs read and write besides standard input and output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IoFiles {
    /// The input's name in the run's working directory (standard input carries it too).
    pub input: Option<String>,
    /// The output file's name: what is judged when the run writes it, else standard output.
    pub output: Option<String>,
    /// The files alone, as USACO's grader and Polygon's and CMS's file problems run a program
    /// (judge.toml's `files_only`): standard input is empty and only the output file is
    /// judged (standard output is not).
    pub only: bool,
}

impl IoFiles {
    /// The files of judge.toml's `input_file` and `output_file`: plain names (letters, digits,
    /// `.`, `_`, `-`, not starting with `.`, at most 64 bytes), the two different; `only`
    /// (`files_only`) needs both.
    pub fn new(
        input: Option<String>,
        output: Option<String>,
        only: bool,
    ) -> Result<IoFiles, String> {
        for (key, name) in [("input_file", &input), ("output_file", &output)] {
            if let Some(name) = name {
                check_name(name).map_err(|why| format!("{key} = {name:?}: {why}"))?;
            }
        }
        if input.is_some() && input == output {
            return Err("input_file and output_file must differ".into());
        }
        if only && (input.is_none() || output.is_none()) {
            return Err("files_only = true needs both input_file and output_file".into());
        }
        Ok(IoFiles {
            input,
            output,
            only,
        })
    }
}

/// Checks a file name of [`IoFiles`].
fn check_name(name: &str) -> Result<(), String> {
    let plain = name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    if name.is_empty() || name.len() > LONGEST_NAME || !plain || name.starts_with('.') {
        return Err(format!(
            "a file name of the run's working directory is 1 to {LONGEST_NAME} letters, \
             digits, '.', '_' or '-', not starting with '.'"
        ));
    }
    Ok(())
}

/// What a run left under the output file's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputFile {
    /// No such file (or the problem names none): standard output is the output.
    Absent,
    /// A regular file of at most the output cap: its bytes.
    Written(Vec<u8>),
    /// A regular file over the output cap (its size): none of it was read.
    OverCap(u64),
    /// Something else than a regular file of the run's own: why it is no output.
    Refused(String),
}

/// A descriptor the run's process copies the input from (from its start, never moving it):
/// the input file itself, or a memfd holding the bytes; refused when the input is larger than
/// `file_bytes`, the largest file the run may write (its process, under that limit already,
/// writes the copy).
pub(super) fn input_source(input: Input<'_>, file_bytes: u64) -> io::Result<OwnedFd> {
    let size = match input {
        Input::File(path) => std::fs::metadata(path)?.len(),
        Input::Bytes(bytes) => bytes.len() as u64,
    };
    if size > file_bytes {
        return Err(io::Error::other(format!(
            "{size} bytes, over the run's file size limit of {file_bytes}"
        )));
    }
    match input {
        Input::File(path) => File::open(path).map(OwnedFd::from),
        Input::Bytes(bytes) => {
            // SAFETY: memfd_create with a NUL-terminated name; the descriptor is owned here.
            let fd = unsafe { libc::memfd_create(c"input".as_ptr(), libc::MFD_CLOEXEC) };
            if fd < 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: a new descriptor nobody else owns.
            let mut file = unsafe { File::from_raw_fd(fd) };
            file.write_all(bytes)?;
            Ok(OwnedFd::from(file))
        }
    }
}

/// Reads the output file `name` in the run's working directory `dir`, after every process of
/// the run ended: opened without following a link (`O_NOFOLLOW`) and without blocking on a
/// FIFO (`O_NONBLOCK`); kept only when it is a regular file with no other link, and read only
/// when at most `cap` bytes long.
pub(super) fn read_output(dir: BorrowedFd<'_>, name: &str, cap: u64) -> OutputFile {
    let Ok(c_name) = std::ffi::CString::new(name) else {
        return OutputFile::Absent;
    };
    let flags = libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY;
    // SAFETY: openat on a valid directory descriptor and a NUL-terminated name; the
    // descriptor it gives is owned at once.
    let fd = unsafe { libc::openat(dir.as_raw_fd(), c_name.as_ptr(), flags | libc::O_CLOEXEC) };
    if fd < 0 {
        let e = io::Error::last_os_error();
        return match e.raw_os_error() {
            Some(libc::ENOENT) => OutputFile::Absent,
            Some(libc::ELOOP) => refused(name, "a symbolic link"),
            _ => OutputFile::Refused(format!("the output file {name} cannot be opened: {e}")),
        };
    }
    // SAFETY: a new descriptor nobody else owns.
    let file = unsafe { File::from_raw_fd(fd) };
    let meta = match file.metadata() {
        Ok(meta) => meta,
        Err(e) => return OutputFile::Refused(format!("the output file {name}: {e}")),
    };
    let kind = meta.file_type();
    if !kind.is_file() {
        let what = if kind.is_dir() {
            "a directory"
        } else if std::os::unix::fs::FileTypeExt::is_fifo(&kind) {
            "a FIFO"
        } else {
            "not a regular file"
        };
        return refused(name, what);
    }
    if std::os::unix::fs::MetadataExt::nlink(&meta) != 1 {
        return refused(name, "a file with other links");
    }
    if meta.len() > cap {
        return OutputFile::OverCap(meta.len());
    }
    let mut bytes = Vec::new();
    // One byte more than the cap: a file that grew (none of the run's processes is left to
    // grow it) still counts as over the cap.
    match (&file).take(cap + 1).read_to_end(&mut bytes) {
        Ok(_) if bytes.len() as u64 > cap => OutputFile::OverCap(bytes.len() as u64),
        Ok(_) => OutputFile::Written(bytes),
        Err(e) => OutputFile::Refused(format!("the output file {name} cannot be read: {e}")),
    }
}

fn refused(name: &str, what: &str) -> OutputFile {
    OutputFile::Refused(format!(
        "the output file {name} is {what}, not a regular file of the program's own: not read"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;

    #[test]
    fn names_are_plain_and_differ() {
        let both = |only| IoFiles::new(Some("msquare.in".into()), Some("msquare.out".into()), only);
        assert!(both(false).is_ok() && both(true).is_ok());
        for bad in ["", ".", "..", "../x", "a/b", ".hidden", "a b", "a\0b"] {
            assert!(
                IoFiles::new(Some(bad.into()), None, false).is_err(),
                "{bad:?}"
            );
            assert!(
                IoFiles::new(None, Some(bad.into()), false).is_err(),
                "{bad:?}"
            );
        }
        assert!(IoFiles::new(Some("x.txt".into()), Some("x.txt".into()), false).is_err());
        assert!(IoFiles::new(Some("x".repeat(65)), None, false).is_err());
        // The files alone need both: else a run has no input or no judged output.
        assert!(IoFiles::new(Some("x.in".into()), None, true).is_err());
        assert!(IoFiles::new(None, Some("x.out".into()), true).is_err());
    }

    #[test]
    fn the_input_is_held_whole_within_the_file_size_limit() {
        let input = b"2 6 8 4 5 7 3 1\n";
        assert!(input_source(Input::Bytes(input), 15).is_err());
        let held = File::from(input_source(Input::Bytes(input), 16).unwrap());
        // Read from its start, as the run's process copies it.
        let mut copy = vec![0u8; input.len() + 1];
        let n = std::os::unix::fs::FileExt::read_at(&held, &mut copy, 0).unwrap();
        assert_eq!(&copy[..n], input);
    }

    #[test]
    fn only_a_regular_file_within_the_cap_is_read() {
        let dir = std::env::temp_dir().join(format!("io-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let handle = File::open(&dir).unwrap();
        let read = |name: &str, cap| read_output(handle.as_fd(), name, cap);
        assert_eq!(read("none.out", 10), OutputFile::Absent);
        std::fs::write(dir.join("ok.out"), b"2\nAB\n").unwrap();
        assert_eq!(read("ok.out", 5), OutputFile::Written(b"2\nAB\n".to_vec()));
        assert_eq!(read("ok.out", 4), OutputFile::OverCap(5));
        std::os::unix::fs::symlink(dir.join("ok.out"), dir.join("link.out")).unwrap();
        std::fs::hard_link(dir.join("ok.out"), dir.join("hard.out")).unwrap();
        std::fs::create_dir(dir.join("dir.out")).unwrap();
        let fifo = std::ffi::CString::new(dir.join("fifo.out").to_str().unwrap()).unwrap();
        // SAFETY: mkfifo with a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
        for (name, what) in [
            ("link.out", "a symbolic link"),
            ("hard.out", "a file with other links"),
            ("dir.out", "a directory"),
            ("fifo.out", "a FIFO"),
        ] {
            match read(name, 100) {
                OutputFile::Refused(why) => assert!(why.contains(what), "{why}"),
                other => panic!("{name}: {other:?}"),
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
