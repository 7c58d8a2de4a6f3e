# Puts stress-helpers/ on the import path of the generators here (a generator of your own sits beside choices.py).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "stress-helpers"))
