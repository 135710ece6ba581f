"""The competition pages' forms: they parse what was typed and check what one form can see (a
seed given twice, a Swiss without its number of rounds, house rules the preset cannot take, a
player chosen and a new name given); the services decide what is allowed."""
