"""The 13 seed nodes, one module each, named exactly as seed 000 names them."""
