from webquorum.cli import main

main()
