"""Ask a TA: a student escalates an answer to the course's staff, staff answer it on their desk,
the answer reaches every student waiting on it, and it becomes course material.

views     CardView, Delivery, Escalated, Action: what adapters show and send, platform-neutral
delivery  each student's copy sent once (leased, then marked), reminders
desks     /ta here | off, and who is staff of a course (its owner scope's staff, asked there)
service   TADesk: escalate, claim, not material, close, drafts, send, sweep
notes     staff answers as course documents ("Staff answer · <date>"), JSONL export / import
"""
