"""What every game's effect programs share: the instruction format.

Card abilities compile into short programs, rows of the card tables' ``code`` table
(``tcg_env.engine.tables.code_table``), run by the game's interpreter over frames kept in the state
row (so an effect can stop on a choice and resume when the action arrives). Every game's
instruction is the same five int32 columns; the opcodes and what the operands mean are the game's
(its ``constants.Op``), and the card compiler writes them.
"""

I_OP = 0  # opcode (the game's Op enum)
I_REG = 1  # target register the instruction fills or acts on (0 .. the game's N_REGS - 1)
I_A0 = 2  # operands: what each means depends on the opcode (see the game's Op)
I_A1 = 3
I_A2 = 4
I_NCOLS = 5
