"""What the Discord bot says itself (the core writes the rest): the apology and the desk's /help."""
from __future__ import annotations

APOLOGY = "Sorry, something went wrong while answering. Please try again in a moment."

HELP = """\
**Study Buddy: courses**
Each channel answers from its course. A thread uses its own course, else its channel's, else \
the server's; in DMs you choose your own.
• `/course show`: this chat's course. `/course list`: all courses.
• `/course set name:NAME [scope:channel|server]`: staff choose this channel's (or the whole \
server's) course among this server's, shared and open ones; a new name becomes this server's \
course. In DMs, anyone chooses among their servers' courses and public ones.
• `/course share`: staff get a one-time code; another server's staff use it with \
`/course join code:CODE` to answer from the course (read only). `/course unshare` stops it.
• `/mode [mode:guide|explain] [scope:channel|server]`: this chat's study mode; staff set it. In \
guide mode, requests to solve homework, assignments, exams or quizzes get the key ideas, steps \
to try and a question back, never a finished solution or full code.
• `/upload file:FILE [course:NAME]`: staff add a file ({formats}, up to {limit_mb} MB) to this \
channel's course. You see a preview first, then Confirm or Cancel.
• `/remove name:FILE [course:NAME]`: staff remove a document, after Confirm.
• `/gaps [days:7]`: staff see the questions this channel's course did not answer well.
• `/ask` or a mention asks a question; `/forget` erases what I remember about you.
Staff here: members with the Manage Server permission{role}, for this server's courses."""
