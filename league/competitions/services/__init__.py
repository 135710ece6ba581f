"""The writers of competitions: draws, results, progression, corrections. Each owns its transaction."""
