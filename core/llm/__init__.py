"""Language parts: the chat model factory (Mistral) and the offline extractive generator."""
