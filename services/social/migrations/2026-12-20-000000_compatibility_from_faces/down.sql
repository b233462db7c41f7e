-- Nothing to restore: the analyses that went named birth data, and the worker computes new ones.
SELECT 1;
