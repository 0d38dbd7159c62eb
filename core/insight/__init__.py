"""What staff learn from: recorded outcomes and votes (the Sources / 👍 / 👎 buttons), the
instructor report, its gap clusters, and the short /gaps summary.
"""
