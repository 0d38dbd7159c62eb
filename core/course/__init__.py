"""Courses in chats: who owns a course (tenancy), which course a chat answers from (spaces),
sharing between classes, staff uploads and removals, and the desk that gathers them for adapters.
"""
