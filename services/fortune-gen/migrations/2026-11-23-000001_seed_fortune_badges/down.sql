DELETE FROM fortune_badges;
