"""Practice: multiple-choice quizzes made from the course's own passages, and spaced review.

items       QuizItem: question, options, the right one, explanation quoting its cited passage
facts       definition / fact sentences of a passage and the term each one is about
distractors wrong options: other terms of the same kind from the same course, near in meaning
generator   QuizGenerator: /quiz [topic] [n] over a course (offline, from the materials)
leitner     the review schedule (boxes and due dates), pure
practice    PracticeService: quizzes, answers, /review and /quiz stats over the practice port
"""
