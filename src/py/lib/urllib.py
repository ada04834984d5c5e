"""urllib for Sandkiste: a package holding parse, error and request."""
