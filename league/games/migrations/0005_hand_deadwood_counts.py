"""The hands' deadwood counts, and those of the hands already entered with their cards counted
by the engine (a hand whose cards the engine now refuses keeps none)."""

from django.db import migrations, models


def count_entered_cards(apps, schema_editor):
    from gameplay import engine

    Hand = apps.get_model("gameplay", "Hand")
    hands = (Hand.objects.exclude(knocker_cards="").exclude(defender_cards="")
             .exclude(outcome__in=["dead_hand", "void"]).select_related("game"))
    changed = []
    for hand in hands.iterator(chunk_size=500):
        try:
            upcard = engine.parse_card(hand.upcard) if hand.upcard else None
            settled = engine.settle_hand(engine.parse_cards(hand.knocker_cards),
                                         engine.parse_cards(hand.defender_cards),
                                         engine.Ruleset.from_dict(hand.game.ruleset),
                                         upcard=upcard, over_limit_accepted=True)
        except (engine.EngineError, engine.InvalidCards, ValueError):
            continue
        hand.knocker_deadwood = settled.knocker_deadwood
        hand.defender_deadwood = settled.defender_deadwood
        changed.append(hand)
    Hand.objects.bulk_update(changed, ["knocker_deadwood", "defender_deadwood"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('gameplay', '0004_hand_entry_key'),
    ]

    operations = [
        migrations.AddField(
            model_name='hand',
            name='defender_deadwood',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='hand',
            name='knocker_deadwood',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(count_entered_cards, migrations.RunPython.noop),
    ]
