"""Sources the router can search: the course store, Wikipedia, arXiv and web search."""
