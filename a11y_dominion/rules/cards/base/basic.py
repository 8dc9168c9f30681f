"""The basic Supply cards of the base game: Treasures, Victory cards and Curse."""

from .. import card, pile

card("Copper", "Koper", 0, "Treasure", "Treasure worth 1 coin.", set="base", coins=1)
card("Silver", "Zilver", 3, "Treasure", "Treasure worth 2 coins.", set="base", coins=2)
card("Gold", "Goud", 6, "Treasure", "Treasure worth 3 coins.", set="base", coins=3)
card("Estate", "Landgoed", 2, "Victory", "Worth 1 victory point.", set="base", vp=1)
card("Duchy", "Hertogdom", 5, "Victory", "Worth 3 victory points.", set="base", vp=3)
card("Province", "Provincie", 8, "Victory", "Worth 6 victory points.", set="base", vp=6)
card("Curse", "Vloek", 0, "Curse", "Worth minus 1 victory point.", set="base", vp=-1)

for _name in ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"):
    pile(_name, [(_name, 0)], kind="basic", set="base")
