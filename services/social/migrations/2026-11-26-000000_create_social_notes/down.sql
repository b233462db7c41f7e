DROP TABLE notes;
