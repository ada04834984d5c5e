"""concurrent for Sandkiste: the package holding concurrent.futures."""
