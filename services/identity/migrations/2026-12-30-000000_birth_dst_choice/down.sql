ALTER TABLE users DROP COLUMN birth_dst_choice;
