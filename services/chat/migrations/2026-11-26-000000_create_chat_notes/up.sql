-- The example table of the template: replace it with the service's own.
CREATE TABLE notes (
    id uuid PRIMARY KEY,
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
