"""Mana: the sources a player could activate, what they could produce (CR 106.7), amounts, pools and the cost parts of mana abilities."""
