"""The io module: the file objects of _io under their public names."""
import _io
from _io import (open, FileIO, BytesIO, StringIO, BufferedReader, BufferedWriter, BufferedRandom, TextIOWrapper,
                 UnsupportedOperation, DEFAULT_BUFFER_SIZE, BlockingIOError, text_encoding)

IOBase = _io._IOBase
RawIOBase = _io._RawIOBase
BufferedIOBase = _io._BufferedIOBase
TextIOBase = _io._TextIOBase
open_code = open

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

__all__ = ['BlockingIOError', 'open', 'open_code', 'IOBase', 'RawIOBase', 'FileIO', 'BytesIO', 'StringIO',
           'BufferedIOBase', 'BufferedReader', 'BufferedWriter', 'BufferedRandom', 'TextIOBase',
           'TextIOWrapper', 'UnsupportedOperation', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END', 'DEFAULT_BUFFER_SIZE',
           'text_encoding']
