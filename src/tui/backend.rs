//! A session's terminal as ratatui sees it: crossterm's escape sequences written to the
//! session's output, at the size the session was told (its start, then every resize).
//!
//! Why not crossterm's backend alone: when ratatui clears the screen for a resize it asks the
//! backend for the terminal's size, and crossterm's backend asks the terminal of the process.
//! A session on a server is not that terminal (the server may have none), nor is a test's. With
//! no terminal and no `TERM` the question failed and the first resize ended the session; with
//! one, the clearing was planned for a screen of another size.

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use std::io::{self, Write};

/// Crossterm's backend at the session's own size.
pub struct SessionBackend<W: Write> {
    inner: CrosstermBackend<W>,
    size: Size,
}

impl<W: Write> SessionBackend<W> {
    /// The backend writing to `out`, a terminal of `size` (columns, rows).
    pub fn new(out: W, size: (u16, u16)) -> SessionBackend<W> {
        SessionBackend {
            inner: CrosstermBackend::new(out),
            size: Size::new(size.0, size.1),
        }
    }

    /// The terminal has a new size (columns, rows).
    pub fn set_size(&mut self, size: (u16, u16)) {
        self.size = Size::new(size.0, size.1);
    }
}

impl<W: Write> Write for SessionBackend<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl<W: Write> Backend for SessionBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.inner.append_lines(n)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}
