-- How a birth time that a summer-time change skipped or repeated is read (Japan 1948-1951): the
-- engine's DstChoice, stored only when the time needed one. Older rows needed none (the engine
-- refused such times before this column existed), so NULL is their truth.
ALTER TABLE users ADD COLUMN birth_dst_choice text
  CHECK (birth_dst_choice IN ('earlier', 'later', 'standard'));
