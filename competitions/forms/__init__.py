"""The competition pages' forms: they parse what was typed; the services decide what is allowed."""
