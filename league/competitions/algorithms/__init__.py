"""Pure-Python competition algorithms: fixtures, brackets, Swiss pairing, standings, ratings.

No Django here: services load rows, call these functions and save what they return.
"""
