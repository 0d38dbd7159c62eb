"""The graph's 13 nodes, one module each, named exactly as core/rag/graph.py registers them."""
