# A generator with a bug of its own: it fails on every case.
raise SystemExit("gen_broken.py: the generator's own bug")
